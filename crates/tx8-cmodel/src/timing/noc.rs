//! The on-chip network: a mesh of tiles (tile id = y * mesh_x + x) joined by
//! one link per direction between neighbours, with dimension-ordered XY
//! routing (first along x, then along y).

use crate::config::HardwareConfig;

/// A directed link between two neighbouring tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Link {
    pub from: u32,
    pub to: u32,
}

/// (x, y) coordinates of `tile` in the mesh.
pub fn coords(config: &HardwareConfig, tile: u32) -> (u32, u32) {
    (tile % config.mesh_x, tile / config.mesh_x)
}

/// The links an XY-routed message from `src` to `dst` crosses, in order.
/// Empty when `src == dst`.
pub fn xy_route(config: &HardwareConfig, src: u32, dst: u32) -> Vec<Link> {
    let (mut x, mut y) = coords(config, src);
    let (dx, dy) = coords(config, dst);
    let id = |x: u32, y: u32| y * config.mesh_x + x;
    let mut links = Vec::new();
    while x != dx {
        let nx = if dx > x { x + 1 } else { x - 1 };
        links.push(Link { from: id(x, y), to: id(nx, y) });
        x = nx;
    }
    while y != dy {
        let ny = if dy > y { y + 1 } else { y - 1 };
        links.push(Link { from: id(x, y), to: id(x, ny) });
        y = ny;
    }
    links
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xy_routes_go_x_first() {
        let c = HardwareConfig::default();
        // Tile 0 (0,0) -> tile 6 (2,1): east twice then south once.
        assert_eq!(xy_route(&c, 0, 6), vec![Link { from: 0, to: 1 }, Link { from: 1, to: 2 }, Link { from: 2, to: 6 }]);
        // Reverse goes x first too, so it is not the same path reversed.
        assert_eq!(xy_route(&c, 6, 0), vec![Link { from: 6, to: 5 }, Link { from: 5, to: 4 }, Link { from: 4, to: 0 }]);
        assert!(xy_route(&c, 5, 5).is_empty());
        assert_eq!(xy_route(&c, 0, 15).len(), 6);
    }
}
