//! Checks a launch's arguments (`--input`, `--output`, `--out-dir`,
//! `--config`, `--tiles`; see `capi::launch`) before anything is compiled or
//! simulated, so that `tx8-run` reports a bad argument at once instead of
//! after a whole simulation, and never writes outside `--out-dir`.
//!
//! What the launcher's own parser lets through and this rejects: output
//! names that are not plain file names (a `/`, `\`, NUL, `.` or `..`, or
//! empty: `<name>.bin` must land inside `--out-dir`), the same output name
//! twice (the second file would replace the first), and a `--tiles` count
//! outside `1..=` the card's tiles (the launcher truncates it to 32 bits).

use std::path::PathBuf;

use crate::capi::launch::LaunchArgs;
use crate::config::HardwareConfig;
use crate::error::SimError;

fn bad(msg: String) -> SimError {
    SimError::Host(msg)
}

/// Why `name` cannot name an output file inside the output directory.
fn output_name_problem(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        Some("is empty")
    } else if name.contains(['/', '\\']) {
        Some("contains a path separator")
    } else if name.contains('\0') {
        Some("contains a NUL byte")
    } else if name == "." || name == ".." {
        Some("is a directory name")
    } else {
        None
    }
}

/// The value of the last `flag` in `args`, exactly as written.
fn last_value<'a>(args: &'a [String], flag: &str) -> Option<&'a str> {
    args.windows(2).filter(|w| w[0] == flag).map(|w| w[1].as_str()).next_back()
}

fn parse_count(s: &str) -> Option<u64> {
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => s.parse().ok(),
    }
}

/// Checks the arguments a compiled program will receive; returns them parsed.
pub fn check_launch_args(args: &[String]) -> Result<LaunchArgs, SimError> {
    // The tile count first: the launcher's parser would report `-1` as a
    // bare "not a number" and truncate counts past 32 bits.
    let config = match last_value(args, "--config") {
        Some(p) => HardwareConfig::from_toml_file(std::path::Path::new(p))?,
        None => HardwareConfig::default(),
    };
    config.validate()?;
    if let Some(v) = last_value(args, "--tiles") {
        let card = config.tiles();
        match parse_count(v) {
            Some(n) if (1..=u64::from(card)).contains(&n) => {}
            _ => return Err(bad(format!("--tiles {v}: expected a tile count from 1 to {card} (this card's tiles)"))),
        }
    }
    let parsed = LaunchArgs::parse(args)?;
    let mut seen: Vec<&str> = Vec::new();
    for (name, addr, bytes) in &parsed.outputs {
        if let Some(why) = output_name_problem(name) {
            return Err(bad(format!(
                "--output {name:?}: the name {why}; it must be a plain file name (the output is written to <out-dir>/<name>.bin)"
            )));
        }
        if seen.contains(&name.as_str()) {
            return Err(bad(format!("--output {name:?}: named twice (the second file would replace the first)")));
        }
        seen.push(name);
        if addr.checked_add(*bytes).is_none() {
            return Err(bad(format!(
                "--output {name}: {bytes} bytes at {addr:#x} run past the end of the 64-bit address space"
            )));
        }
    }
    if parsed.out_dir.exists() && !parsed.out_dir.is_dir() {
        return Err(bad(format!("--out-dir {}: exists and is not a directory", parsed.out_dir.display())));
    }
    for (name, file, _) in &parsed.inputs {
        if !PathBuf::from(file).is_file() {
            return Err(bad(format!("--input {name}: {}: no such file", file.display())));
        }
    }
    Ok(parsed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(v: &[&str]) -> Result<LaunchArgs, SimError> {
        check_launch_args(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn output_names_must_stay_inside_the_out_dir() {
        for name in ["../evil", "/tmp/evil", "a/b", "a\\b", "", "..", "."] {
            let e = check(&["--output", &format!("{name}=0x0:16")]).unwrap_err().to_string();
            assert!(e.contains("--output"), "{name}: {e}");
        }
        assert!(check(&["--output", "y=0x0:16", "--output", "y=0x10:16"]).is_err());
        check(&["--output", "y.part-1=0x0:16", "--output", "...=0x10:16"]).unwrap();
    }

    #[test]
    fn tile_counts_outside_the_card_are_rejected_with_the_written_value() {
        let card = HardwareConfig::default().tiles();
        for v in ["0", "99999999999", "0x100000001", "-1", "many"] {
            let e = check(&["--tiles", v]).unwrap_err().to_string();
            assert!(e.contains(&format!("--tiles {v}:")) && e.contains(&format!("1 to {card}")), "{e}");
        }
        check(&["--tiles", "1"]).unwrap();
        check(&["--tiles", &card.to_string()]).unwrap();
    }

    #[test]
    fn outputs_past_the_address_space_and_missing_inputs_are_rejected() {
        assert!(check(&["--output", "y=0xffffffffffffff00:0x200"]).is_err());
        assert!(check(&["--input", "x=/nonexistent/x.bin@0x0"]).is_err());
    }
}
