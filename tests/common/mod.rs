//! Set-up shared by the native integration tests (`mod common;`): the checks that a committed
//! fixture is exactly what its generating script writes run the script the same way everywhere.
#![allow(dead_code)]

use std::io::ErrorKind;
use std::path::Path;
use std::process::Command;

use sweepmap::color::{Rgb, WHITE};
use sweepmap::render::{Font, Point, Surface};

/// Runs `node <script> <args>` in the crate root and returns what it printed, after asserting
/// that it succeeded. `None` when `node` is not installed: the check is skipped with a note that
/// it is not regenerating `what`.
pub fn run_node(script: &str, args: &[&Path], what: &str) -> Option<Vec<u8>> {
    match Command::new("node")
        .arg(script)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
    {
        Ok(output) => {
            assert!(
                output.status.success(),
                "the generator failed: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            Some(output.stdout)
        }
        Err(error) if error.kind() == ErrorKind::NotFound => {
            println!("note: `node` is not installed; not regenerating {what}");
            None
        }
        Err(error) => panic!("could not run node: {error}"),
    }
}

/// Asserts that `node <script> <folder>` writes each of `paths` (relative to the folder) byte for
/// byte as `committed` reads it, in a scratch folder removed afterwards. Checks nothing (with a
/// note) when `node` is not installed.
pub fn assert_script_writes(
    script: &str,
    what: &str,
    paths: &[String],
    committed: impl Fn(&str) -> Vec<u8>,
) {
    let stem = Path::new(script)
        .file_stem()
        .and_then(|stem| stem.to_str())
        .unwrap_or("fixtures");
    let scratch = std::env::temp_dir().join(format!("sweepmap-{stem}-{}", std::process::id()));
    if run_node(script, &[&scratch], what).is_none() {
        return;
    }
    for path in paths {
        let fresh = std::fs::read(scratch.join(path)).expect("written");
        assert!(
            fresh == committed(path),
            "{path} differs from what `node {script}` writes; regenerate the fixtures with it"
        );
    }
    std::fs::remove_dir_all(&scratch).ok();
}

/// The text of a committed sweep fixture, `tests/fixtures/sweeps/<name>`.
pub fn sweep_fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sweeps")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// A surface that keeps the device pixels its filled rectangles paint, as a canvas paints them
/// (each over the pixels between its whole-pixel corners, later ones over earlier ones), and the
/// rectangles it outlines. Text, lines and other shapes are left out.
pub struct Pixels {
    pub width: i32,
    pub height: i32,
    pub pixels: Vec<Rgb>,
    pub outlines: Vec<(Point, Point)>,
}

impl Pixels {
    /// A white surface of `width` x `height` device pixels.
    pub fn new(width: i32, height: i32) -> Pixels {
        Pixels {
            width,
            height,
            pixels: vec![WHITE; (width * height) as usize],
            outlines: Vec::new(),
        }
    }

    /// The pixel at device pixel (`x`, `y`).
    pub fn pixel(&self, x: i32, y: i32) -> Rgb {
        assert!((0..self.width).contains(&x) && (0..self.height).contains(&y));
        self.pixels[(y * self.width + x) as usize]
    }

    /// The pixel under a point.
    pub fn at(&self, (x, y): (f64, f64)) -> Rgb {
        self.pixel(x.floor() as i32, y.floor() as i32)
    }
}

impl Surface for Pixels {
    fn fill_rect(&mut self, from: Point, to: Point, rgb: Rgb) -> sweepmap::Result<()> {
        for y in from.1.max(0)..to.1.min(self.height) {
            for x in from.0.max(0)..to.0.min(self.width) {
                self.pixels[(y * self.width + x) as usize] = rgb;
            }
        }
        Ok(())
    }
    fn stroke_rect(&mut self, from: Point, to: Point, _: Rgb, _: f64) -> sweepmap::Result<()> {
        self.outlines.push((from, to));
        Ok(())
    }
    fn line(&mut self, _: Point, _: Point, _: Rgb, _: f64) -> sweepmap::Result<()> {
        Ok(())
    }
    fn fill_polygon(&mut self, _: &[Point], _: Rgb) -> sweepmap::Result<()> {
        Ok(())
    }
    fn fill_circle(&mut self, _: Point, _: u32, _: Rgb) -> sweepmap::Result<()> {
        Ok(())
    }
    fn text(&mut self, _: &str, _: Point, _: &Font) -> sweepmap::Result<()> {
        Ok(())
    }
    fn present(&mut self) -> sweepmap::Result<()> {
        Ok(())
    }
}
