/* BF16 GEMM on 16 tiles, naive: every tile loads every chunk of B from DDR
 * itself, and load, multiply and store run one after the other. */
#include "gemm_common.h"

void tile_main(void) {
    const Plan p = plan_spm();
    load_a(&p);
    op_join(TX8_ENGINE_RDMA);
    for (uint64_t chunk = 0; chunk < N / CHUNK; chunk++) {
        load_chunk(chunk, p.b[0]);
        op_join(TX8_ENGINE_RDMA);
        gemm(&p, p.b[0], p.c[0]);
        op_join(TX8_ENGINE_NE);
        store_c(&p, chunk, p.c[0]);
        op_join(TX8_ENGINE_WDMA);
    }
}
