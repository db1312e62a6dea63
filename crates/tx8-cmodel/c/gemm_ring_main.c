/* BF16 GEMM on 16 tiles, double buffered, B shared around a ring of the mesh.
 *
 * A rows stay in SPM. Chunks of B go round in rounds of 16: at the start of a
 * round each tile holds a different chunk (read from DDR once, prefetched
 * during the previous round); each step a tile multiplies by the chunk it
 * holds and passes it back along a Hamiltonian ring of the 4x4 mesh (one
 * link per hop, each link used once per step). C chunks are stored while the
 * next one is multiplied. A B buffer is rewritten only two steps after its
 * last use, so a DTE never lands on a buffer a GEMM still reads. */
#include "gemm_common.h"

static const uint32_t RING[16] = {0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4};
#define FREE_LONG_AGO (-1000000000LL)
#define RESERVED (1000000000LL)

void tile_main(void) {
    if (tile_num() != 16) return;
    const Plan p = plan_spm();
    const uint32_t me = tile_id();
    int pos = 0;
    while (RING[pos] != me) pos++;
    const uint32_t prev = RING[(pos + 15) % 16];
    const uint64_t rounds = N / CHUNK / 16;
    long long last_use[4] = {FREE_LONG_AGO, FREE_LONG_AGO, FREE_LONG_AGO, FREE_LONG_AGO};
    long long step_no = 0;
    int cur = 0, prefetch = -1;
    int have_store = 0;
    uint64_t store_chunk = 0, store_buf = 0;

    load_a(&p);
    load_chunk((uint64_t)pos % 16, p.b[cur]);
    op_join(TX8_ENGINE_RDMA);
    op_barrier();
    for (uint64_t round = 0; round < rounds; round++) {
        for (uint64_t step = 0; step < 16; step++) {
            const uint64_t chunk = round * 16 + (pos + step) % 16;
            const uint64_t c_buf = p.c[step_no % 2];
            op_join(TX8_ENGINE_NE | TX8_ENGINE_WDMA);
            gemm(&p, p.b[cur], c_buf);
            last_use[cur] = step_no;
            if (have_store) store_c(&p, store_chunk, store_buf);
            have_store = 1;
            store_chunk = chunk;
            store_buf = c_buf;
            int incoming = -1;
            if (step + 1 < 16) {
                for (int i = 0; i < 4; i++)
                    if (i != cur && last_use[i] <= step_no - 2) { incoming = i; break; }
                tsm_dte_copy(prev, p.b[cur], p.b[incoming], (uint64_t)K * CHUNK * 2);
                last_use[incoming] = step_no;
            }
            if (step == 2 && round + 1 < rounds) {
                for (int i = 0; i < 4; i++)
                    if (i != cur && i != incoming && last_use[i] <= step_no - 2) { prefetch = i; break; }
                load_chunk((round + 1) * 16 + (uint64_t)pos % 16, p.b[prefetch]);
                last_use[prefetch] = RESERVED;
            }
            op_join(step + 1 == 16 ? (TX8_ENGINE_DTE | TX8_ENGINE_RDMA) : TX8_ENGINE_DTE);
            op_barrier();
            step_no++;
            if (incoming >= 0) {
                cur = incoming;
            } else {
                cur = prefetch;
                last_use[cur] = step_no - 2;
            }
        }
    }
    op_join(TX8_ENGINE_NE | TX8_ENGINE_WDMA);
    if (have_store) store_c(&p, store_chunk, store_buf);
    op_join(TX8_ENGINE_WDMA);
}
