//! Spark Sizer's sizing math. `no_std`, no unsafe, floats from `libm`.
#![no_std]
#![forbid(unsafe_code)]
