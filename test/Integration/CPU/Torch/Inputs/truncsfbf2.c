/* f32 -> bf16, rounded to nearest even: the runtime function that LLVM's
 * x86 backend calls where a bf16 value lives across basic blocks on a CPU
 * without AVX512-BF16. compiler-rt and libgcc 13 have it; Debian 12's
 * libgcc 12 does not, so torch-ops.test links this copy into the kernels
 * of the branching (SIMT) form, whose scf.if splits the blocks. Only exact
 * bf16 values reach it there (a bf16 operand extended and truncated back),
 * so any rounding would do; NaNs stay NaN. */
#include <stdint.h>
#include <string.h>

_Float16 __truncsfbf2(float x) {
  uint32_t bits;
  memcpy(&bits, &x, sizeof bits);
  uint16_t result;
  if ((bits & 0x7FFFFFFFu) > 0x7F800000u)
    result = (uint16_t)((bits >> 16) | 0x0040u);
  else
    result = (uint16_t)((bits + 0x7FFFu + ((bits >> 16) & 1u)) >> 16);
  _Float16 out;
  memcpy(&out, &result, sizeof out);
  return out;
}
