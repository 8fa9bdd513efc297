//! Colours: a square's robust colour (per-channel median of samples away from its
//! centre and borders), and the distance between two colours in OKLab, a perceptual
//! space where equal distances look about equally different, so one threshold serves
//! pale pastels and dark themes alike.
//!
//! OKLab is Björn Ottosson's (2020, "A perceptual color space for image processing"):
//! sRGB decoded to linear light, a 3x3 matrix to cone-like responses, a cube root, a
//! second 3x3 matrix. Its lightness runs 0 (black) to 1 (white); the pastel palettes
//! of the puzzle apps sit 0.05 to 0.3 apart, JPEG noise on a flat square under 0.01.

/// An sRGB colour, 8 bits a channel.
pub type Rgb = [u8; 3];

/// A colour in OKLab: lightness, then the green-red and blue-yellow axes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lab {
    /// Lightness, 0 (black) to 1 (white).
    pub l: f32,
    /// Green (negative) to red (positive).
    pub a: f32,
    /// Blue (negative) to yellow (positive).
    pub b: f32,
}

/// sRGB's transfer function undone: a channel in linear light, 0 to 1.
fn linear(c: u8) -> f32 {
    let c = c as f32 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

impl Lab {
    /// The OKLab coordinates of an sRGB colour (Ottosson's matrices).
    pub fn from_rgb(c: Rgb) -> Lab {
        let (r, g, b) = (linear(c[0]), linear(c[1]), linear(c[2]));
        let l = 0.412_221_46 * r + 0.536_332_55 * g + 0.051_445_995 * b;
        let m = 0.211_903_5 * r + 0.680_699_5 * g + 0.107_396_96 * b;
        let s = 0.088_302_46 * r + 0.281_718_85 * g + 0.629_978_7 * b;
        let (l, m, s) = (l.cbrt(), m.cbrt(), s.cbrt());
        Lab {
            l: 0.210_454_26 * l + 0.793_617_8 * m - 0.004_072_047 * s,
            a: 1.977_998_5 * l - 2.428_592_2 * m + 0.450_593_7 * s,
            b: 0.025_904_037 * l + 0.782_771_77 * m - 0.808_675_77 * s,
        }
    }

    /// The Euclidean distance to `o` (about 0.02 is a just-visible difference).
    pub fn distance(&self, o: &Lab) -> f32 {
        let (dl, da, db) = (self.l - o.l, self.a - o.a, self.b - o.b);
        (dl * dl + da * da + db * db).sqrt()
    }
}

/// The sum of the channels' absolute differences: the cheap distance the grid finder
/// uses on every pixel (0 to 765).
#[inline]
pub fn rgb_distance(a: Rgb, b: Rgb) -> u32 {
    (a[0].abs_diff(b[0]) as u32) + (a[1].abs_diff(b[1]) as u32) + (a[2].abs_diff(b[2]) as u32)
}

/// The per-channel median of `samples` (black when there are none). A mark or a
/// line's edge covering less than half of the samples does not move it.
pub fn median(samples: &mut [Rgb]) -> Rgb {
    if samples.is_empty() {
        return [0, 0, 0];
    }
    let mid = samples.len() / 2;
    let mut out = [0u8; 3];
    for (ch, o) in out.iter_mut().enumerate() {
        let (_, m, _) = samples.select_nth_unstable_by_key(mid, |c| c[ch]);
        *o = m[ch];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oklab_of_black_white_and_grey_has_no_hue() {
        let w = Lab::from_rgb([255, 255, 255]);
        assert!((w.l - 1.0).abs() < 1e-3 && w.a.abs() < 1e-3 && w.b.abs() < 1e-3);
        let k = Lab::from_rgb([0, 0, 0]);
        assert!(k.l.abs() < 1e-6);
        let g = Lab::from_rgb([119, 119, 119]);
        assert!(g.a.abs() < 1e-3 && g.b.abs() < 1e-3 && g.l > 0.5 && g.l < 0.6);
        // Pure red is reddish and yellowish in OKLab (Ottosson's table: a 0.22, b 0.13).
        let r = Lab::from_rgb([255, 0, 0]);
        assert!(
            (r.a - 0.2249).abs() < 2e-3 && (r.b - 0.1258).abs() < 2e-3,
            "{r:?}"
        );
    }

    #[test]
    fn median_ignores_a_minority() {
        let mut s = vec![[200, 100, 50]; 7];
        s.extend([[0, 0, 0]; 3]);
        assert_eq!(median(&mut s), [200, 100, 50]);
        assert_eq!(rgb_distance([0, 10, 20], [10, 0, 20]), 20);
    }
}
