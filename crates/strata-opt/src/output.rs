//! The `-o FILE` destination, with the semantics of LLVM's `ToolOutputFile`
//! that mlir-opt uses: the file is created before any input is processed
//! and deleted again unless the run succeeds, so a failed run never leaves
//! an empty or partial file behind (nor a previous file of that name).

use std::io::Write;

/// Where the output goes: standard output, or a file removed on drop unless
/// [`Output::keep`] was called.
pub struct Output {
    writer: Box<dyn Write>,
    /// The file to delete when the run fails; `None` for standard output
    /// or once kept.
    remove_on_drop: Option<String>,
}

impl Output {
    /// Opens `path` (standard output for `None` or `-`). The error is the
    /// message mlir-opt prints.
    pub fn open(path: Option<&str>) -> Result<Output, String> {
        match path {
            Some(p) if p != "-" => match std::fs::File::create(p) {
                Ok(f) => Ok(Output {
                    writer: Box::new(std::io::BufWriter::with_capacity(1 << 16, f)),
                    remove_on_drop: Some(p.to_string()),
                }),
                Err(e) => Err(format!("cannot open output file '{p}': {}", os_message(&e))),
            },
            _ => Ok(Output {
                writer: Box::new(std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock())),
                remove_on_drop: None,
            }),
        }
    }

    pub fn writer(&mut self) -> &mut dyn Write {
        &mut *self.writer
    }

    /// Flushes and keeps the file: the run succeeded.
    pub fn keep(mut self) -> std::io::Result<()> {
        self.writer.flush()?;
        self.remove_on_drop = None;
        Ok(())
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        if let Some(path) = self.remove_on_drop.take() {
            // As LLVM's sys::fs::remove: only regular files (and links) are
            // ever deleted, never `/dev/null` or another device a user
            // named with `-o` (as root that would break the machine).
            // Nothing more useful to do if it is already gone.
            let regular =
                std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_file() || m.file_type().is_symlink());
            if regular {
                let _ = std::fs::remove_file(path);
            }
        }
    }
}

/// The system's text for an I/O error, without Rust's " (os error N)".
fn os_message(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}
