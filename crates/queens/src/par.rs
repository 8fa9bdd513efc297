//! Parallel iterators: rayon's with the `parallel` feature, sequential stand-ins without.
//!
//! The engines that split their work with rayon (`exact`, `fewlines`, `cover`,
//! `amazons`, `transfer`) write `use crate::par::prelude::*` and call `par_iter`,
//! `par_iter_mut`, `into_par_iter`, `map_init`, `reduce` and `try_reduce` as rayon
//! spells them. With the `parallel` feature (the default) the prelude *is* rayon's, so
//! the default build runs exactly rayon's code. Without it (the WebAssembly build,
//! which has no threads) the same calls run the tasks one after another on the calling
//! thread, in order, with the same results: every reduction these engines do (sums,
//! an "or") does not depend on the grouping.

/// What the engines import: rayon's prelude, or the sequential stand-ins.
pub(crate) mod prelude {
    #[cfg(feature = "parallel")]
    pub(crate) use rayon::prelude::*;

    #[cfg(not(feature = "parallel"))]
    pub(crate) use super::seq::{
        IntoParallelIterator, IntoParallelRefIterator, IntoParallelRefMutIterator,
    };
}

/// The sequential stand-ins: [`Seq`] wraps a plain iterator and has, as inherent
/// methods, the few rayon adaptors the engines use (inherent, so that no name collides
/// with an unstable method of [`Iterator`] such as `try_reduce`).
#[cfg(not(feature = "parallel"))]
mod seq {
    /// A sequential "parallel" iterator.
    pub(crate) struct Seq<I>(I);

    /// `into_par_iter` on anything iterable (ranges, vectors).
    pub(crate) trait IntoParallelIterator: IntoIterator + Sized {
        /// The items of `self`, one after another.
        fn into_par_iter(self) -> Seq<Self::IntoIter> {
            Seq(self.into_iter())
        }
    }

    impl<T: IntoIterator> IntoParallelIterator for T {}

    /// `par_iter` on slices (and, through `Deref`, vectors).
    pub(crate) trait IntoParallelRefIterator<'a> {
        /// The item type.
        type Item: 'a;
        /// The items of `self` by reference, one after another.
        fn par_iter(&'a self) -> Seq<std::slice::Iter<'a, Self::Item>>;
    }

    impl<'a, T: 'a> IntoParallelRefIterator<'a> for [T] {
        type Item = T;
        fn par_iter(&'a self) -> Seq<std::slice::Iter<'a, T>> {
            Seq(self.iter())
        }
    }

    /// `par_iter_mut` on slices (and, through `DerefMut`, vectors).
    pub(crate) trait IntoParallelRefMutIterator<'a> {
        /// The item type.
        type Item: 'a;
        /// The items of `self` by mutable reference, one after another.
        fn par_iter_mut(&'a mut self) -> Seq<std::slice::IterMut<'a, Self::Item>>;
    }

    impl<'a, T: 'a> IntoParallelRefMutIterator<'a> for [T] {
        type Item = T;
        fn par_iter_mut(&'a mut self) -> Seq<std::slice::IterMut<'a, T>> {
            Seq(self.iter_mut())
        }
    }

    impl<I: Iterator> Seq<I> {
        /// rayon's `map`.
        pub(crate) fn map<B>(self, f: impl FnMut(I::Item) -> B) -> Seq<impl Iterator<Item = B>> {
            Seq(self.0.map(f))
        }

        /// rayon's `enumerate`.
        pub(crate) fn enumerate(self) -> Seq<std::iter::Enumerate<I>> {
            Seq(self.0.enumerate())
        }

        /// rayon's `map_init`: one state for the whole (single-threaded) run.
        pub(crate) fn map_init<S, B>(
            self,
            init: impl FnOnce() -> S,
            mut f: impl FnMut(&mut S, I::Item) -> B,
        ) -> Seq<impl Iterator<Item = B>> {
            let mut state = init();
            Seq(self.0.map(move |x| f(&mut state, x)))
        }

        /// rayon's `reduce`: the items folded by `op` from `identity()`.
        pub(crate) fn reduce(
            self,
            identity: impl FnOnce() -> I::Item,
            op: impl FnMut(I::Item, I::Item) -> I::Item,
        ) -> I::Item {
            self.0.fold(identity(), op)
        }

        /// rayon's `collect`.
        pub(crate) fn collect<C: FromIterator<I::Item>>(self) -> C {
            self.0.collect()
        }
    }

    impl<T, E, I: Iterator<Item = Result<T, E>>> Seq<I> {
        /// rayon's `try_reduce` on results: the first error, or the items folded by
        /// `op` from `identity()`.
        pub(crate) fn try_reduce(
            self,
            identity: impl FnOnce() -> T,
            mut op: impl FnMut(T, T) -> Result<T, E>,
        ) -> Result<T, E> {
            let mut acc = identity();
            for item in self.0 {
                acc = op(acc, item?)?;
            }
            Ok(acc)
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn the_stand_ins_run_in_order_and_stop_at_the_first_error() {
            let v = [1u32, 2, 3, 4];
            let seen: Vec<(usize, u32)> = v.par_iter().enumerate().map(|(i, &x)| (i, x)).collect();
            assert_eq!(seen, [(0, 1), (1, 2), (2, 3), (3, 4)]);
            let sum = (1..=4u32)
                .into_par_iter()
                .map_init(|| 10, |s, x| Ok::<u32, ()>(*s + x))
                .try_reduce(|| 0, |a, b| Ok(a + b));
            assert_eq!(sum, Ok(50));
            let mut ran = 0;
            let stopped = v
                .par_iter()
                .map(|&x| {
                    ran += 1;
                    if x == 2 { Err(x) } else { Ok(x) }
                })
                .try_reduce(|| 0, |a, b| Ok(a + b));
            assert_eq!((stopped, ran), (Err(2), 2));
            let over = (0..3u8)
                .into_par_iter()
                .map(|_| Ok(200u8))
                .try_reduce(|| 0, |a, b| a.checked_add(b).ok_or("overflow"));
            assert_eq!(over, Err("overflow"));
            let mut w = [1u32, 2, 3];
            let any_even = w
                .par_iter_mut()
                .map(|x| {
                    *x *= 10;
                    *x % 20 == 0
                })
                .reduce(|| false, |a, b| a | b);
            assert!(any_even);
            assert_eq!(w, [10, 20, 30]);
        }
    }
}
