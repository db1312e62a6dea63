func.func private @a()
// ------
func.func private @b()
// ---
func.func private @c()
// -----0
func.func private @d() // -----
func.func private @e()
