//! Numbers and articles in sentences, for the renderers: [`crate::words`], which every layer uses.

pub use crate::words::{a, plural};
