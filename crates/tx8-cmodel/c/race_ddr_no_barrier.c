/* A racy program: tile 0 stores 4 KiB of its SPM to DDR while tile 1 loads
 * the same DDR bytes, with no barrier between them. Built with
 * -DWITH_BARRIER it joins and waits at a barrier first, and is race-free.
 * tests/tx8_run_cli.rs runs it many times: the verdict must never change. */
#include "tx8.h"

void tile_main(void) {
    static L_SHAPE s = {{1024, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}, {1024, 0, 0, 0, 0, 0}, {1024, 0, 0, 0, 0, 0}, 1};
    TSR t = {Fmt_FP32, tx8_spm_base(), &s};
    if (tile_id() == 0) {
        op_dma_store(&t, 0x1000000);
        op_join(TX8_ENGINE_WDMA);
    }
#ifdef WITH_BARRIER
    op_barrier();
#endif
    if (tile_id() == 1) {
        op_dma_load(&t, 0x1000000);
        op_join(TX8_ENGINE_RDMA);
    }
}
