//! The library's one reading of the clock: `Instant`, for deadlines (time budgets),
//! checkpoint intervals and the seconds a shard reports.
//!
//! Natively `Instant` *is* `std::time::Instant`, so the default build reads the clock
//! exactly as before. `std::time::Instant::now` does not exist on
//! `wasm32-unknown-unknown` (it panics there), so on that target `Instant` is a reading
//! of a time source the embedder hands over with `set_source` (a web page passes
//! `performance.now()`). Without a source the clock stands still: a time budget is
//! refused with one sentence (`Control::start` asks `available`), a checkpoint is
//! written at every task, a shard reports 0 seconds, and a job is stopped by its
//! cancel flag instead.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;

/// Whether the clock runs, so that a time budget can be honoured: always, natively.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) fn available() -> bool {
    true
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use hooked::set_source;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use hooked::{Instant, available};

/// A clock that reads a time source set once by the embedder. Compiled natively only
/// for its tests.
#[cfg(any(test, all(target_arch = "wasm32", target_os = "unknown")))]
#[cfg_attr(test, allow(dead_code))]
mod hooked {
    use std::ops::Add;
    use std::sync::OnceLock;
    use std::time::Duration;

    /// The time source: the time since some fixed origin, never going back.
    static SOURCE: OnceLock<fn() -> Duration> = OnceLock::new();

    /// Sets the time source of the library's clock, once (a later call changes
    /// nothing and returns false). Until it is set, time budgets are refused.
    ///
    /// `source` returns the time since any fixed origin and never goes back, such as
    /// a browser's `performance.now()` (milliseconds) as a `Duration`.
    pub fn set_source(source: fn() -> Duration) -> bool {
        SOURCE.set(source).is_ok()
    }

    /// Whether a time source is set.
    pub(crate) fn available() -> bool {
        SOURCE.get().is_some()
    }

    /// A reading of the time source (zero while there is none).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    pub(crate) struct Instant(Duration);

    impl Instant {
        /// The time now.
        pub(crate) fn now() -> Instant {
            Instant(SOURCE.get().map_or(Duration::ZERO, |f| f()))
        }

        /// The time since `self` (zero if the source went back).
        pub(crate) fn elapsed(&self) -> Duration {
            Instant::now().0.saturating_sub(self.0)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;

        fn add(self, d: Duration) -> Instant {
            Instant(self.0.saturating_add(d))
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        fn ticks() -> Duration {
            use std::sync::atomic::{AtomicU64, Ordering};
            static T: AtomicU64 = AtomicU64::new(0);
            Duration::from_millis(T.fetch_add(10, Ordering::Relaxed))
        }

        #[test]
        fn the_hooked_clock_stands_still_until_a_source_is_set_then_runs() {
            assert!(!available());
            assert_eq!(Instant::now().elapsed(), Duration::ZERO);
            assert!(set_source(ticks));
            assert!(!set_source(ticks), "the first source stays");
            assert!(available());
            let a = Instant::now();
            let b = Instant::now();
            assert!(b > a);
            assert!(a.elapsed() >= Duration::from_millis(20));
            assert!(a + Duration::from_secs(1) > b);
        }
    }
}
