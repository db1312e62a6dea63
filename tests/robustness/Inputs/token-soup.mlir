{ > true 
 vector ) floordiv memref -
] unit ? :

 ] [ arith.addi unit # true index index i32 =
tensor #
%0 d0 = floordiv array return affine_map -> !t < %a
f32 tensor vector -> 0x1F
#map ! 
 dense x
tensor index %0 // -----
 { floordiv
{-# "foo.op" vector {
d0 arith.addi
{ ( 
 #-} loc dense !t cf.br true =
arith.addi ( // -----
 unit tensor ] %0 f32 index ->
->
> } !t "foo.op"
f32 i32 loc vector * -> #-} { #-}
[ #map > d0 i32 memref
-> { > cf.br vector func.func loc ( return #
#map #-} #map } "s" "foo.op" true ?

 affine_map %0 vector f32
< unit "foo.op" array
? #-} s0 // -----
 // -----
 #map ! cf.br 0x1F #-}
"foo.op" i32 ] = i32
->
#map return , - return x > tensor !t [ loc
* ! func.func i32 ) ] floordiv - i32 ( "foo.op"
true 0x1F ] // -----
 loc 0x1F "s" !
) floordiv } arith.addi return !t ) loc f32 return :
// -----
 cf.br !t true , d0
{ dense ( { unit
#-} < f32 : 0x1F ) "s" 0x1F { {
0x1F %0 memref { cf.br
cf.br @f #-} [ // -----
 ! ] ^bb1 unit
0x1F - tensor floordiv
%0
d0 ( f32 func.func
# dense
{-# < func.func loc %0 // -----
 i32
^bb1
loc floordiv 1.5e3 ! !t %0 %0 #-} index 0x1F
-> x "s" // -----
 dense @f #
>
s0
# i32 #-} dense < < > ? ) {-#
< - < cf.br #-} cf.br
: affine_map < s0 ^bb1 @f vector %a
[ {-# : index array
arith.addi affine_map "foo.op" ^bb1 f32 
 true index
>
tensor ] ) true @f
f32
loc
) x { 0x1F ^bb1 ,
d0
] "foo.op" vector < @f !t =
affine_map return ( < #-}
unit #-} cf.br #-} // -----
 array index
affine_map dense d0 s0 } return )
( : s0 %0 memref [
cf.br f32 > 
 ) floordiv
array 

-> :
func.func // -----
 arith.addi #-} // -----

[ - ^bb1 vector
array @f -> floordiv floordiv [ ? ( %a loc
< floordiv "foo.op"
[ = dense ] : arith.addi array = *
* index # affine_map affine_map index loc #
dense {-# = ] #map ? ,
array = affine_map "foo.op" tensor * true ! > - [
? #-} tensor func.func > 1.5e3 *
dense return // -----
 ? "foo.op" x > ( } tensor
i32 floordiv cf.br unit
memref func.func dense vector
f32 loc = @f { > = -
{ 
 ^bb1 ?
- arith.addi vector ( < }
loc {-#

 loc ( @f
"s" affine_map ] : cf.br - // -----
 d0 {-# memref [
[
array func.func array #-} i32 cf.br {-# :

 floordiv 1.5e3 memref %0 affine_map %a } [ {
]
loc arith.addi vector 1.5e3 // -----
 { *
cf.br ) i32
unit #map > {-# index 0x1F true #map array
( unit "foo.op" #-} )
d0
( tensor #map affine_map dense d0
^bb1 "foo.op" [ "foo.op" [
1.5e3 ? {
] array i32 , "s" // -----
 index func.func %0 affine_map
< func.func {-# ! dense [ * func.func <
index vector 1.5e3
^bb1 s0 true affine_map [ func.func ) !t vector
# // -----
 "foo.op"
memref 0x1F f32 ? !
s0 ^bb1 ? d0 f32 
 0x1F %0 index 
 -
"foo.op" { : tensor #map ! < * :
( } func.func = unit loc
f32 %0 i32 ^bb1 i32 true ) ) loc }
} = vector s0 array affine_map d0 
 )
dense tensor memref ( f32 *
x x #-}
->
vector ? ) d0 {-# x memref ) return 
 >
: array loc i32 {-# = # > 0x1F s0
{ ^bb1 index ? "foo.op"
arith.addi , dense floordiv memref - s0 %0 }
unit
( {-# #
"s" ) floordiv // -----
 - @f # !
vector 0x1F {-# { } func.func
- #map ! ( return func.func !t , index
unit ( array [ i32 > * i32 %a
return {-# <
, %a affine_map #-}
- ^bb1 array array #map { ^bb1 s0 affine_map !
index // -----
 > 
 ) ( {-# (
:
#map
loc #map cf.br - } [ memref ( !t

 -> return ^bb1 floordiv index 
 memref s0
1.5e3 loc arith.addi ^bb1 %a tensor array tensor s0 d0
floordiv s0 [ ! [ ) tensor 1.5e3
"s" )
%0
return # "foo.op" ) %a @f ,
^bb1 %a !t "s" affine_map
arith.addi f32 ( arith.addi ( %a f32 

> {-# array ? ) s0 ? %a
i32 d0 vector } true return unit s0
arith.addi !t 1.5e3 x "s" -> ]
unit } !t 
 affine_map tensor 
 loc
true x index > dense #
{-# dense #-} {-#
arith.addi "s" i32 ? #
{ : 1.5e3 ->
x dense index @f 0x1F // -----
 return
index <
memref
"foo.op" array unit 1.5e3 ^bb1 d0 < affine_map #-} ] unit
#-} array %a "s" ? func.func unit index ? tensor
#-} vector #-}
"s" { floordiv dense ! f32 floordiv 1.5e3
memref arith.addi 1.5e3 floordiv array
-> %0 arith.addi
? #map d0
= true [ [ ? !t 
 return s0 {-#
: x ->
< %0 ^bb1 -> ->
d0 : "s"
= array #map < dense * tensor // -----
 vector
) #map func.func x , 
 : * loc index func.func
* !t 1.5e3 # ^bb1
// -----

dense 1.5e3 f32 %a s0 tensor
s0 #-} 0x1F
) d0 : vector return %0 -> !
* : 0x1F [ 0x1F "foo.op" f32 : floordiv affine_map {
] #-} %0 - true affine_map ?
loc 
 index x : loc { "foo.op"
^bb1 %a #map f32 
 i32 "foo.op" ) arith.addi {-# tensor
memref ! ] : : : true #map (
[ s0
!t f32 { ! ]
arith.addi - } : func.func #-}
index s0
d0 return loc f32 "foo.op" arith.addi true
x ^bb1 affine_map func.func %a !t # ,
]
memref < 1.5e3 } ? floordiv loc
"s" x #map memref - @f func.func {-#
#-} affine_map "foo.op" : array loc // -----
 %0 ,
arith.addi ( * ) !t %a dense func.func cf.br
arith.addi // -----
 // -----
 %0 return > affine_map
s0 < 
 true
# * {-# ^bb1
s0 * affine_map ! #-}
arith.addi ] arith.addi ? true %a "s"
"s"
{-# {-#
f32 x
#map true %0 -> s0 "foo.op" array ) 0x1F tensor // -----

^bb1 x return -> f32 s0 array } 0x1F
%a
{-# < , ->
[ dense , ] ! 
 f32 true #
f32
return { - index "foo.op" = cf.br floordiv
array f32
func.func %a "foo.op" func.func dense #-} i32 "s"
index floordiv #-} @f ? * loc
1.5e3 unit 0x1F d0 arith.addi
{ %a f32 array @f %0 0x1F
"s" cf.br x func.func ) *
{-# index s0 ) >
1.5e3 arith.addi arith.addi 1.5e3 [ f32 } vector > x *
( > @f i32 ? ^bb1 return // -----
 unit [
vector
tensor
#-} :
dense index < { s0 #-} @f s0 #map %0 func.func
memref "foo.op" floordiv true ( loc
^bb1 return * dense
{
// -----
 #-} ) arith.addi ^bb1 { ^bb1 ]
func.func true d0 } index %a unit #map "s" ! d0
, = s0 return tensor d0 : {-# cf.br
unit true
index index "foo.op" -> %0 : s0 d0 f32 ^bb1 (
#map -> "foo.op" s0 
 ?
func.func } 0x1F tensor
{-# s0 ] #map
@f ^bb1 affine_map vector x return #-} %0
! - {-# - ? 0x1F -> i32 index !t {
loc = #map i32 true
: < arith.addi ^bb1 loc ] 0x1F ( floordiv i32
arith.addi 
 @f ^bb1 "foo.op" :
d0 ] dense loc tensor ! )
"s" : ->
unit index x ] , func.func @f unit
memref ,
? loc
true
i32 return 0x1F vector
=
x ? , ? !t %0 !t dense @f floordiv }
[ d0 floordiv ( loc ^bb1 vector } return d0 d0
] ) , -> !t
array arith.addi "s" #map %a memref !t @f # }
!t array * - floordiv return
{-# vector func.func #map < unit ? ) array
1.5e3 array f32
@f #-} floordiv func.func // -----
 < { %a ,
arith.addi )
index f32 ) ] }
! unit {
func.func tensor array array < arith.addi -> * ^bb1 cf.br i32
{ 1.5e3 // -----
 * : i32 func.func unit
? 
 "foo.op" ]

 ^bb1 s0 tensor s0 # # i32 ) vector
array
// -----
 return #-}
- true 
 arith.addi ? index #map ^bb1 [
vector cf.br index < { -> x
arith.addi @f s0 f32 d0 return ( cf.br
#-} : cf.br i32 return cf.br
floordiv {
@f ^bb1 ] { #map -> d0 ?
{-# {-# f32 vector @f *
] vector # = #map #-}
"foo.op"
array d0 floordiv { memref func.func = func.func "s" ->
0x1F [ %a x
: f32 // -----

< } dense #-} index { 0x1F -> array dense
[ 1.5e3 ( -> "foo.op"
- array }
floordiv %a * } {-# loc true
arith.addi [ array - s0 true func.func ]
true %0 : d0 memref
x cf.br affine_map > f32 - < !
{-# ^bb1 =
1.5e3 -> loc
s0
unit ( [ [ } = 0x1F !t #map d0
tensor "foo.op"
d0 {-# # "s" : :
tensor
i32 # true -
arith.addi ) d0 {-# func.func {-# "foo.op" [ #map
# ^bb1 0x1F : < arith.addi d0 s0 memref # array
#map # } ! loc !t index
= { affine_map func.func 

vector loc vector !t
< ) #
affine_map // -----
 arith.addi 0x1F %0 ( i32 "foo.op" !t
%a floordiv * } -> // -----
 %a loc f32 cf.br "s"
memref * affine_map // -----
 affine_map = f32 )
-> -
s0 cf.br -> 
 > - x > arith.addi { i32
floordiv affine_map
array // -----
 affine_map affine_map loc
{ #map ?
{ ( #map "s" vector // -----
 return {-# arith.addi array
(
{-# arith.addi ! true 0x1F array * -> ->
true i32 !t i32
true f32 return arith.addi ] i32 %0 array {-# #-}
s0 -> index true > }
%0 func.func > !t
vector #-} 
 loc // -----
 * %0 tensor {-#
!t x return #map
floordiv - {-# !t ) - %a affine_map ! "s"
unit {-# loc
array return dense 1.5e3 ^bb1 array ! f32 x
:
} , %0
return "foo.op" memref return loc loc ) @f memref ( #-}
