//! Timing tests pinned to hardware.md: each expected figure is computed from
//! the config's fields by the formula hardware.md states, and a second run
//! with altered figures checks the model really reads them.

use std::sync::Arc;

use crate::config::HardwareConfig;
use crate::engine::{Engine, EngineMask};
use crate::timing::sim::simulate;
use crate::timing::{TimedOp, Work};

fn dma(engine: Engine, bytes: u64) -> TimedOp {
    TimedOp::Engine { engine, work: Work::DdrTransfer { bytes }, name: Arc::from("dma") }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

fn configs() -> Vec<HardwareConfig> {
    let odd = HardwareConfig {
        dma_start_cycles: 333,
        ddr_bytes_per_cycle: 150.0,
        ddr_transfer_cap_bytes_per_cycle: 40.0,
        noc_link_bytes_per_cycle: 96.0,
        dte_message_cycles: 1234,
        join_cycles: 77,
        barrier_cycles: 999,
        issue_cycles: 13,
        ..HardwareConfig::default()
    };
    vec![HardwareConfig::default(), odd]
}

#[test]
fn lone_dma_costs_start_plus_bytes_over_per_transfer_cap() {
    for c in configs() {
        for bytes in [0u64, 1, 4096, 1 << 20, 3_000_001] {
            let r = simulate(&c, &[vec![dma(Engine::Rdma, bytes)]]).unwrap();
            let want = c.dma_start_cycles as f64 + bytes as f64 / c.ddr_transfer_cap_bytes_per_cycle;
            assert!(close(r.end_time, want), "{bytes} B: {} vs {want}", r.end_time);
            assert_eq!(r.ddr_bytes, bytes);
        }
    }
}

#[test]
fn sixteen_concurrent_dmas_share_ddr() {
    for c in configs() {
        let bytes = 1u64 << 20;
        let streams: Vec<Vec<TimedOp>> = (0..16).map(|_| vec![dma(Engine::Rdma, bytes)]).collect();
        let r = simulate(&c, &streams).unwrap();
        // 16 in flight: each gets min(cap, total/16).
        let rate = c.ddr_transfer_cap_bytes_per_cycle.min(c.ddr_bytes_per_cycle / 16.0);
        let want = c.dma_start_cycles as f64 + bytes as f64 / rate;
        assert!(close(r.end_time, want), "{} vs {want}", r.end_time);
        assert_eq!(r.ddr_bytes, 16 * bytes);
        for t in 0..16 {
            assert!(close(r.tile_end[t], want));
        }
    }
}

#[test]
fn ddr_share_grows_back_when_transfers_finish() {
    // Two tiles: a short and a long transfer starting together. With 2 in
    // flight each gets min(cap, total/2); after the short one ends the long
    // one runs at min(cap, total).
    let c = HardwareConfig { ddr_transfer_cap_bytes_per_cycle: 150.0, ..HardwareConfig::default() };
    let (short, long) = (10_000u64, 50_000u64);
    let r = simulate(&c, &[vec![dma(Engine::Rdma, short)], vec![dma(Engine::Wdma, long)]]).unwrap();
    let shared = c.ddr_bytes_per_cycle / 2.0; // 100 < 150 cap
    let t_short = short as f64 / shared;
    let alone = c.ddr_transfer_cap_bytes_per_cycle.min(c.ddr_bytes_per_cycle);
    let want_long = c.dma_start_cycles as f64 + t_short + (long - short) as f64 / alone;
    assert!(close(r.tile_end[0], c.dma_start_cycles as f64 + t_short));
    assert!(close(r.tile_end[1], want_long), "{} vs {want_long}", r.tile_end[1]);
}

#[test]
fn dte_across_three_hops_costs_message_plus_bytes_over_link() {
    for c in configs() {
        let bytes = 256 * 1024u64;
        // Tile 0 (0,0) -> tile 6 (2,1): 3 hops under XY routing.
        let dte =
            TimedOp::Engine { engine: Engine::Dte, work: Work::NocTransfer { dst_tile: 6, bytes }, name: "dte".into() };
        let mut streams = vec![Vec::new(); 16];
        streams[0].push(dte);
        let r = simulate(&c, &streams).unwrap();
        let want = c.dte_message_cycles as f64 + bytes as f64 / c.noc_link_bytes_per_cycle;
        assert!(close(r.end_time, want), "{} vs {want}", r.end_time);
        assert_eq!(r.link_bytes.len(), 3);
        assert_eq!(r.noc_bytes, bytes);
        assert_eq!(r.busiest_link_bytes(), bytes);
    }
}

#[test]
fn dtes_sharing_a_link_split_it_and_disjoint_ones_do_not() {
    let c = HardwareConfig::default();
    let bytes = 128 * 1000u64;
    let dte = |dst| TimedOp::Engine {
        engine: Engine::Dte,
        work: Work::NocTransfer { dst_tile: dst, bytes },
        name: "dte".into(),
    };
    // 0->2 and 1->3 share link 1->2.
    let mut s = vec![Vec::new(); 16];
    s[0].push(dte(2));
    s[1].push(dte(3));
    let r = simulate(&c, &s).unwrap();
    let want = c.dte_message_cycles as f64 + bytes as f64 / (c.noc_link_bytes_per_cycle / 2.0);
    assert!(close(r.end_time, want), "{} vs {want}", r.end_time);
    // 0->1 and 2->3 share nothing.
    let mut s = vec![Vec::new(); 16];
    s[0].push(dte(1));
    s[2].push(dte(3));
    let r = simulate(&c, &s).unwrap();
    let want = c.dte_message_cycles as f64 + bytes as f64 / c.noc_link_bytes_per_cycle;
    assert!(close(r.end_time, want));
}

#[test]
fn join_waits_for_engines_then_costs_join_cycles() {
    for c in configs() {
        let work = 5000u64;
        let s = vec![
            TimedOp::Engine { engine: Engine::Ct, work: Work::Compute { cycles: work }, name: "ct".into() },
            TimedOp::Join { engines: EngineMask::of(&[Engine::Ct]) },
        ];
        let r = simulate(&c, &[s]).unwrap();
        let want = (c.issue_cycles + work + c.join_cycles) as f64;
        assert!(close(r.end_time, want), "{} vs {want}", r.end_time);
        // A join on an engine that is idle costs only the join.
        let r = simulate(&c, &[vec![TimedOp::Join { engines: EngineMask::ALL_ASYNC }]]).unwrap();
        assert!(close(r.end_time, c.join_cycles as f64));
    }
}

#[test]
fn barrier_releases_all_tiles_after_the_last_arrival() {
    for c in configs() {
        let mut streams: Vec<Vec<TimedOp>> = (0..16).map(|_| vec![TimedOp::Barrier]).collect();
        let late = 7777u64;
        streams[9].insert(0, TimedOp::Scalar { cycles: late, name: "work".into() });
        let r = simulate(&c, &streams).unwrap();
        let want = (late + c.barrier_cycles) as f64;
        for t in 0..16 {
            assert!(close(r.tile_end[t], want), "tile {t}: {} vs {want}", r.tile_end[t]);
        }
    }
}

#[test]
fn mismatched_barriers_are_an_error_not_a_hang() {
    let c = HardwareConfig::default();
    let streams = vec![vec![TimedOp::Barrier], vec![]];
    assert!(simulate(&c, &streams).is_err());
}

#[test]
fn a_full_queue_stalls_the_scalar_unit() {
    let c = HardwareConfig::default();
    let bytes = 6400u64;
    let depth = c.queue_depth_rdma as usize;
    // depth+2 loads: one starts at once, `depth` wait in the queue, the last
    // one cannot be issued until the first finishes.
    let mut s: Vec<TimedOp> = (0..depth + 2).map(|_| dma(Engine::Rdma, bytes)).collect();
    s.push(TimedOp::Scalar { cycles: 1, name: "after".into() });
    let r = simulate(&c, &[s]).unwrap();
    let one = c.dma_start_cycles as f64 + bytes as f64 / c.ddr_transfer_cap_bytes_per_cycle;
    let after = r.trace.iter().find(|e| &*e.name == "after").unwrap();
    assert!(close(after.start, one), "{} vs {one}", after.start);
    assert!(close(r.end_time, one * (depth + 2) as f64));
}

#[test]
fn engines_of_a_tile_overlap() {
    let c = HardwareConfig::default();
    let s = vec![
        TimedOp::Engine { engine: Engine::Ne, work: Work::Compute { cycles: 10_000 }, name: "ne".into() },
        dma(Engine::Rdma, 64 * 9000),
        TimedOp::Engine { engine: Engine::Ct, work: Work::Compute { cycles: 3000 }, name: "ct".into() },
    ];
    let r = simulate(&c, &[s]).unwrap();
    let ne_end = (c.issue_cycles + 10_000) as f64;
    let dma_end = c.issue_cycles as f64 + c.dma_start_cycles as f64 + 9000.0;
    let ct_end = (2 * c.issue_cycles + 3000) as f64;
    assert!(close(r.end_time, ne_end.max(dma_end).max(ct_end)));
    assert!(close(r.busy_cycles(0, Engine::Ne), 10_000.0));
}

#[test]
fn marks_cost_nothing_and_split_the_run_at_the_last_tile() {
    for c in configs() {
        let bytes = 6400u64;
        // Two tiles: part 1 is a DMA then a barrier, part 2 a longer DMA on
        // tile 1 only. Tile 1 reaches mark 2 after the barrier like tile 0.
        let part = |b: u64| {
            vec![
                TimedOp::Mark { id: 1 },
                dma(Engine::Rdma, b),
                TimedOp::Join { engines: EngineMask::of(&[Engine::Rdma]) },
                TimedOp::Barrier,
            ]
        };
        let mut streams = vec![part(bytes), part(2 * bytes)];
        streams[0].push(TimedOp::Mark { id: 2 });
        streams[1].extend([TimedOp::Mark { id: 2 }, dma(Engine::Rdma, bytes)]);
        let plain: Vec<Vec<TimedOp>> = streams
            .iter()
            .map(|s| s.iter().filter(|o| !matches!(o, TimedOp::Mark { .. })).cloned().collect())
            .collect();
        let r = simulate(&c, &streams).unwrap();
        let without = simulate(&c, &plain).unwrap();
        assert!(close(r.end_time, without.end_time), "markers changed the run: {} vs {}", r.end_time, without.end_time);
        let spans = r.mark_spans();
        assert_eq!(spans.iter().map(|s| s.id).collect::<Vec<_>>(), vec![1, 2]);
        // Part 1 ends when the barrier releases the tiles (both reach mark 2 then).
        let rate = c.ddr_transfer_cap_bytes_per_cycle.min(c.ddr_bytes_per_cycle / 2.0);
        let first_done = c.dma_start_cycles as f64 + bytes as f64 / rate;
        let second_done = first_done + (bytes as f64 / c.ddr_transfer_cap_bytes_per_cycle.min(c.ddr_bytes_per_cycle));
        let barrier_at = second_done + c.join_cycles as f64;
        let released = barrier_at + c.barrier_cycles as f64;
        assert!(close(spans[0].start, 0.0));
        assert!(close(spans[0].end, released), "{} vs {released}", spans[0].end);
        assert!(close(spans[1].end, r.end_time));
        assert!(close(spans.iter().map(|s| s.end - s.start).sum::<f64>(), r.end_time));
    }
}
