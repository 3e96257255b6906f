//! trf
