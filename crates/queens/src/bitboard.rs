//! Fixed-width bit sets over the squares of a board (row-major index).
//!
//! The width `W` (in 64-bit words) is a const generic so that the hot loops compile to
//! straight-line word operations: one word for boards up to 64 squares (8×8), up to 64
//! words for 64×64. Engines pick the smallest width that holds the board.

/// A set of square indices below `64 * W`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bitboard<const W: usize>(pub [u64; W]);

impl<const W: usize> Bitboard<W> {
    /// The empty set.
    pub const EMPTY: Self = Bitboard([0; W]);

    /// The set `{0, 1, …, n-1}`.
    #[inline]
    pub fn first(n: usize) -> Self {
        Self::EMPTY.complement().range(0, n)
    }

    /// Every index, `0..64W`.
    #[inline]
    pub fn complement(&self) -> Self {
        let mut out = *self;
        for w in out.0.iter_mut() {
            *w = !*w;
        }
        out
    }

    /// Adds index `i`.
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1u64 << (i & 63);
    }

    /// Whether index `i` is in the set.
    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }

    /// Removes index `i`.
    #[inline]
    pub fn remove(&mut self, i: usize) {
        self.0[i >> 6] &= !(1u64 << (i & 63));
    }

    /// The members of `self` that are not in `other`.
    #[inline]
    pub fn and_not(&self, other: &Self) -> Self {
        let mut out = *self;
        for w in 0..W {
            out.0[w] &= !other.0[w];
        }
        out
    }

    /// The members of both.
    #[inline]
    pub fn and(&self, other: &Self) -> Self {
        let mut out = *self;
        for w in 0..W {
            out.0[w] &= other.0[w];
        }
        out
    }

    /// The members of either.
    #[inline]
    pub fn or(&self, other: &Self) -> Self {
        let mut out = *self;
        for w in 0..W {
            out.0[w] |= other.0[w];
        }
        out
    }

    /// The number of members of both, without building the set.
    #[inline]
    pub fn count_and(&self, other: &Self) -> u32 {
        (0..W).map(|w| (self.0[w] & other.0[w]).count_ones()).sum()
    }

    /// `self &= !(a | b)`, clearing `extra` too.
    #[inline]
    pub fn remove_both(&mut self, a: &Self, b: &Self, extra: usize) {
        for w in 0..W {
            self.0[w] &= !(a.0[w] | b.0[w]);
        }
        self.0[extra >> 6] &= !(1u64 << (extra & 63));
    }

    /// Number of members.
    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The members in `lo..hi`.
    #[inline]
    pub fn range(&self, lo: usize, hi: usize) -> Self {
        let mut out = *self;
        for w in 0..W {
            let base = w * 64;
            let mut m = !0u64;
            if lo >= base + 64 || hi <= base {
                m = 0;
            } else {
                if lo > base {
                    m &= !0u64 << (lo - base);
                }
                if hi < base + 64 {
                    m &= !0u64 >> (base + 64 - hi);
                }
            }
            out.0[w] &= m;
        }
        out
    }

    /// Removes and returns the smallest member.
    #[inline]
    pub fn pop_lowest(&mut self) -> Option<usize> {
        for w in 0..W {
            let x = self.0[w];
            if x != 0 {
                self.0[w] = x & (x - 1);
                return Some(w * 64 + x.trailing_zeros() as usize);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_popping() {
        let all = Bitboard::<3>::first(150);
        assert_eq!(all.len(), 150);
        let r = all.range(60, 130);
        assert_eq!(r.len(), 70);
        let mut r2 = r;
        assert_eq!(r2.pop_lowest(), Some(60));
        assert!(r.contains(129) && !r.contains(130) && !r.contains(59));
        assert_eq!(Bitboard::<1>::first(64).len(), 64);
        assert!(Bitboard::<2>::EMPTY.range(0, 128).is_empty());
    }
}
