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

/// Whether BMI2's `pext` and `pdep` are fast on this processor (a few cycles), so that the
/// loops may use them: they are on Intel's processors that have them and on AMD's since Zen 3,
/// but Zen 1 and 2 (and Hygon's, built on Zen 1) run them in microcode, tens to hundreds of
/// cycles each, slower than the loops they would replace. Asked of the processor once.
#[cfg(target_arch = "x86_64")]
pub(crate) fn has_fast_bit_deposit() -> bool {
    static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FAST.get_or_init(|| {
        use std::arch::x86_64::__cpuid;
        let vendor = __cpuid(0);
        let name: Vec<u8> = [vendor.ebx, vendor.edx, vendor.ecx]
            .iter()
            .flat_map(|word| word.to_le_bytes())
            .collect();
        has_bit_instructions() && bit_deposit_is_fast(&name, __cpuid(1).eax)
    })
}

/// Whether `pext` and `pdep` are fast on a processor of `vendor` (CPUID's 12-byte name)
/// whose CPUID signature (leaf 1, `eax`) is `signature`: everything but AMD's and Hygon's
/// families before 0x19 (Zen 3).
#[cfg(target_arch = "x86_64")]
fn bit_deposit_is_fast(vendor: &[u8], signature: u32) -> bool {
    if vendor != b"AuthenticAMD" && vendor != b"HygonGenuine" {
        return true;
    }
    let base = (signature >> 8) & 0xf;
    let family = if base == 0xf {
        base + ((signature >> 20) & 0xff)
    } else {
        base
    };
    family >= 0x19
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::bit_deposit_is_fast;

    #[test]
    fn pext_is_fast_except_on_amd_before_zen_3() {
        // Signatures of real processors (CPUID leaf 1, eax).
        assert!(!bit_deposit_is_fast(b"AuthenticAMD", 0x0080_0F12)); // EPYC 7601, Zen 1
        assert!(!bit_deposit_is_fast(b"AuthenticAMD", 0x0083_0F10)); // EPYC 7742, Zen 2
        assert!(!bit_deposit_is_fast(b"HygonGenuine", 0x0090_0F02)); // Hygon C86, Zen 1
        assert!(bit_deposit_is_fast(b"AuthenticAMD", 0x00A0_0F11)); // EPYC 7763, Zen 3
        assert!(bit_deposit_is_fast(b"AuthenticAMD", 0x00A1_0F11)); // EPYC 9654, Zen 4
        assert!(bit_deposit_is_fast(b"GenuineIntel", 0x0005_0654)); // Xeon, Skylake-SP
    }
}
