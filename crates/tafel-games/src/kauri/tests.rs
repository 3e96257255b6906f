//! Rules tests on positions built by hand, and the spec's reference figures.
