//! Random round trips through the card's channel-blocked layouts
//! (tx8-target's `layout`), with the C model's seeded generator.

use crate::layout::*;
use crate::rng::Rng;
use crate::DataFormat;

#[test]
fn channel_norm_round_trips_random_shapes() {
    let mut rng = Rng::new(42);
    for _ in 0..60 {
        let fmt = rng.pick(&[DataFormat::Fp16, DataFormat::Bf16, DataFormat::Fp32, DataFormat::Int8]);
        let s =
            Nhwc { n: rng.range_u64(1, 3), h: rng.range_u64(1, 4), w: rng.range_u64(1, 5), c: rng.range_u64(1, 300) };
        let dense_p = Placement::new(MemLayout::NTensor, fmt, s).unwrap();
        let ncx = Placement::new(MemLayout::NCx, fmt, s).unwrap();
        let data: Vec<u8> = (0..dense_p.bytes()).map(|_| rng.next_u64() as u8).collect();
        let blocked = channel_norm(&dense_p, &ncx, &data).unwrap();
        assert_eq!(blocked.len() as u64, ncx.bytes());
        // Every offset is unique and inside the buffer.
        let mut seen = std::collections::HashSet::new();
        for n in 0..s.n {
            for h in 0..s.h {
                for w in 0..s.w {
                    for c in 0..s.c {
                        let off = ncx.offset(n, h, w, c).unwrap();
                        assert!(off + fmt.size() as u64 <= ncx.bytes());
                        assert!(seen.insert(off));
                    }
                }
            }
        }
        assert_eq!(channel_norm(&ncx, &dense_p, &blocked).unwrap(), data);
    }
}
