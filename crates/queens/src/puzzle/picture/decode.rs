//! Picture files (feature `picture-files`): PNG, JPEG, WebP, GIF (its first frame) or
//! BMP bytes decoded to RGBA by the `image` crate's pure-Rust decoders; and a puzzle
//! drawn as a PNG ([`draw_png`]), for a player who wants the picture of a text file.
//!
//! Bounded: the header's dimensions are read first and a picture larger than
//! [`super::MAX_PIXELS_SIDE`] a side or [`super::MAX_PIXELS`] in all is refused before
//! anything is allocated for it; the decoder then runs under `image::Limits` that
//! allow that one picture and little more. Every failure is one sentence.

use std::io::Cursor;

use image::{ImageReader, Limits};

use super::render::{Style, Theme, draw};
use super::{MAX_PIXELS, MAX_PIXELS_SIDE, Options, Reading, read};
use crate::error::Error;
use crate::puzzle::{Puzzle, State};

fn refuse(why: String) -> Error {
    Error::BadTerrain(format!("cannot read the picture: {why}"))
}

/// The picture in `bytes` as `(width, height, rgba)`.
pub fn decode(bytes: &[u8]) -> Result<(usize, usize, Vec<u8>), Error> {
    if bytes.is_empty() {
        return Err(refuse("the file is empty".into()));
    }
    let named = || {
        ImageReader::new(Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|e| refuse(e.to_string()))
    };
    let reader = named()?;
    let Some(format) = reader.format() else {
        return Err(refuse(
            "it is not a picture file (PNG, JPEG, WebP, GIF or BMP)".into(),
        ));
    };
    let (w, h) = reader
        .into_dimensions()
        .map_err(|e| refuse(format!("its {format:?} header is damaged ({e})")))?;
    let (w, h) = (w as usize, h as usize);
    if w == 0 || h == 0 {
        return Err(refuse(format!("it is {w}x{h} pixels, an empty picture")));
    }
    if w > MAX_PIXELS_SIDE || h > MAX_PIXELS_SIDE || w * h > MAX_PIXELS {
        return Err(refuse(format!(
            "it is {w}x{h} pixels; pictures go up to {MAX_PIXELS_SIDE} pixels a side and {MAX_PIXELS} in all"
        )));
    }
    let mut reader = named()?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(w as u32);
    limits.max_image_height = Some(h as u32);
    // The decoded picture (up to 16 bytes a pixel for 16-bit RGBA) and its RGBA copy.
    limits.max_alloc = Some((w * h * 20 + (16 << 20)) as u64);
    reader.limits(limits);
    let img = reader
        .decode()
        .map_err(|e| refuse(format!("the {format:?} data is damaged or cut short ({e})")))?;
    let rgba = img.into_rgba8();
    Ok((w, h, rgba.into_raw()))
}

/// Reads the puzzle in a picture file's bytes: [`decode`], then [`read`].
pub fn read_file(bytes: &[u8], options: &Options) -> Result<Reading, Error> {
    let (w, h, rgba) = decode(bytes)?;
    read(w, h, &rgba, options)
}

/// `p` (with the marks of `marks`) drawn in `theme` with squares of `square` pixels
/// (16 to 200), as PNG bytes.
pub fn draw_png(
    p: &Puzzle,
    marks: Option<&State>,
    theme: Theme,
    square: usize,
) -> Result<Vec<u8>, Error> {
    if !(16..=200).contains(&square) {
        return Err(Error::BadTerrain(format!(
            "a square of {square} pixels was asked for; squares go from 16 to 200 pixels"
        )));
    }
    let style = Style {
        theme,
        cell: square,
        thin: (square / 40).max(1),
        thick: (square / 12).max(3),
        chrome: false,
        seed: 0,
        colours: super::render::Colours::Library,
    };
    let pic = draw(p, marks, &style);
    let mut out = Cursor::new(Vec::new());
    image::write_buffer_with_format(
        &mut out,
        &pic.rgba,
        pic.width as u32,
        pic.height as u32,
        image::ExtendedColorType::Rgba8,
        image::ImageFormat::Png,
    )
    .map_err(|e| Error::Internal(format!("the PNG encoder failed: {e}")))?;
    Ok(out.into_inner())
}
