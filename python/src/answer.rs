//! The library's answers as Python values, where PyO3 has no conversion of its own: an
//! exact count ([`BigUint`]) as a Python int.

use num_bigint::BigUint;
use pyo3::prelude::*;
use pyo3::types::PyInt;

/// An exact count as a Python int: `u128` when it fits (most do), else through hex.
pub fn to_int(py: Python<'_>, n: BigUint) -> PyResult<Py<PyAny>> {
    match u128::try_from(&n) {
        Ok(small) => Ok(small.into_pyobject(py)?.into_any().unbind()),
        Err(_) => Ok(py
            .get_type::<PyInt>()
            .call1((n.to_str_radix(16), 16))?
            .unbind()),
    }
}
