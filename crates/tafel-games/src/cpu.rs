//! What the processor offers beyond the default target: the games' fast playout loops are
//! compiled a second time for processors with the bit instructions below, and pick that version
//! at run time (the default x86-64 target assumes none of them).

/// Whether the processor has `popcnt`, BMI1 and BMI2, the features the loops' second versions
/// are compiled with (`#[target_feature(enable = "popcnt,bmi1,bmi2")]`): counting bits,
/// shifts by a register without moving the count, and clearing the lowest set bit in one
/// instruction each.
#[cfg(target_arch = "x86_64")]
pub(crate) fn has_bit_instructions() -> bool {
    std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
}
