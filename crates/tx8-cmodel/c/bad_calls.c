/* One bad call per build, chosen with -DCASE=n (tests/tx8_run_cli.rs):
 * 1: a NULL TSR; 2: a DDR address near 2^64. Each must fail with a message
 * naming the tile and instruction, with exact (not saturated) numbers. */
#include "tx8.h"

void tile_main(void) {
    op_join(TX8_ENGINE_ALL);
#if CASE == 1
    op_dma_load(0, 0x1000000);
#else
    static L_SHAPE s = {{1024, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}, {1024, 0, 0, 0, 0, 0}, {1024, 0, 0, 0, 0, 0}, 1};
    TSR t = {Fmt_FP32, tx8_spm_base(), &s};
    op_dma_load(&t, 0xFFFFFFFFFFFFFF00ull);
#endif
}
