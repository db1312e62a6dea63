//! Bandwidth sharing among transfers in flight: max-min fair allocation
//! (progressive filling) over shared resources, each with a capacity in bytes
//! per cycle, and an optional per-transfer cap.
//!
//! With DDR as one resource of 200 B/cycle and a 64 B/cycle cap per transfer
//! this gives exactly hardware.md's rule: k transfers each get min(64, 200/k).
//! NoC links are resources of 128 B/cycle each; a DTE transfer is limited by
//! its most contended link, and bandwidth a bottlenecked flow cannot use is
//! left to the others.

/// A shared resource (DDR, or one directed NoC link).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Resource {
    Ddr,
    Link { from: u32, to: u32 },
}

/// One flow's demand: the resources it crosses and its own cap.
#[derive(Debug, Clone)]
pub struct Demand {
    pub resources: Vec<Resource>,
    /// Maximum rate of this flow alone (f64::INFINITY for none).
    pub cap: f64,
}

/// Rates (bytes/cycle) for `demands`, max-min fair, given a capacity function.
pub fn allocate(demands: &[Demand], capacity: impl Fn(Resource) -> f64) -> Vec<f64> {
    let n = demands.len();
    let mut rate = vec![0.0; n];
    let mut frozen = vec![false; n];
    // Remaining capacity of each resource in use.
    let mut remaining: Vec<(Resource, f64)> = Vec::new();
    for d in demands {
        for &r in &d.resources {
            if !remaining.iter().any(|(x, _)| *x == r) {
                remaining.push((r, capacity(r)));
            }
        }
    }
    let mut left = n;
    while left > 0 {
        // Fair share of each resource among its unfrozen flows.
        let share = |r: Resource, remaining: &[(Resource, f64)]| {
            let users = (0..n).filter(|&i| !frozen[i] && demands[i].resources.contains(&r)).count();
            let cap = remaining.iter().find(|(x, _)| *x == r).map_or(0.0, |(_, c)| *c);
            if users == 0 {
                f64::INFINITY
            } else {
                cap / users as f64
            }
        };
        let candidate: Vec<f64> = (0..n)
            .map(|i| {
                if frozen[i] {
                    return f64::INFINITY;
                }
                demands[i].resources.iter().fold(demands[i].cap, |m, &r| m.min(share(r, &remaining)))
            })
            .collect();
        let bottleneck = candidate.iter().copied().fold(f64::INFINITY, f64::min);
        if !bottleneck.is_finite() {
            // Flows with no resource and no cap: nothing limits them. The
            // simulator never creates such flows; give them nothing rather than loop.
            break;
        }
        for i in 0..n {
            if !frozen[i] && candidate[i] <= bottleneck * (1.0 + 1e-12) {
                frozen[i] = true;
                left -= 1;
                rate[i] = bottleneck;
                for r in &demands[i].resources {
                    if let Some(slot) = remaining.iter_mut().find(|(x, _)| x == r) {
                        slot.1 = (slot.1 - bottleneck).max(0.0);
                    }
                }
            }
        }
    }
    rate
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ddr(k: usize) -> Vec<Demand> {
        (0..k).map(|_| Demand { resources: vec![Resource::Ddr], cap: 64.0 }).collect()
    }
    fn cap(r: Resource) -> f64 {
        match r {
            Resource::Ddr => 200.0,
            Resource::Link { .. } => 128.0,
        }
    }

    #[test]
    fn ddr_share_is_min_of_cap_and_fair_share() {
        assert_eq!(allocate(&ddr(1), cap), vec![64.0]);
        assert_eq!(allocate(&ddr(3), cap), vec![64.0; 3]);
        assert_eq!(allocate(&ddr(4), cap), vec![50.0; 4]);
        assert_eq!(allocate(&ddr(16), cap), vec![12.5; 16]);
    }

    #[test]
    fn links_are_max_min_fair() {
        let l = |a, b| Resource::Link { from: a, to: b };
        // Flow 0 uses links A and B, flows 1 and 2 share only B, flow 3 only A.
        let d = vec![
            Demand { resources: vec![l(0, 1), l(1, 2)], cap: f64::INFINITY },
            Demand { resources: vec![l(1, 2)], cap: f64::INFINITY },
            Demand { resources: vec![l(1, 2)], cap: f64::INFINITY },
            Demand { resources: vec![l(0, 1)], cap: f64::INFINITY },
        ];
        let r = allocate(&d, cap);
        let third = 128.0 / 3.0;
        assert!((r[0] - third).abs() < 1e-9 && (r[1] - third).abs() < 1e-9);
        // Flow 3 gets what flow 0 leaves on link A.
        assert!((r[3] - (128.0 - third)).abs() < 1e-9);
    }
}
