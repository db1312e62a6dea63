//! Dead-node elimination: the nodes some graph output depends on. The
//! others (exporters leave shape computations whose results nothing reads)
//! are neither imported nor checked for support.

use std::collections::HashSet;

use crate::model::Model;

/// `live[i]` says whether node `i` computes a value a graph output needs.
pub fn live_nodes(model: &Model) -> Vec<bool> {
    let mut needed: HashSet<&str> = model.outputs.iter().map(|o| o.name.as_str()).collect();
    let mut live = vec![false; model.nodes.len()];
    // Nodes are in topological order, so one backward pass finds every
    // producer of a needed value before the values it reads are looked at.
    for (i, n) in model.nodes.iter().enumerate().rev() {
        if n.outputs.iter().any(|o| !o.is_empty() && needed.contains(o.as_str())) {
            live[i] = true;
            needed.extend(n.inputs.iter().filter(|s| !s.is_empty()).map(|s| s.as_str()));
        }
    }
    live
}
