/* Shared pieces of the BF16 GEMM main.c programs: C[M,N] = A[M,K] x B[K,N],
 * row-major BF16 in DDR, fp32 accumulation, BF16 output. Tile t owns rows
 * [t*M/T, (t+1)*M/T); B is cut into column chunks of CHUNK columns.
 * Sizes can be overridden with -D on the tx8-run command line. */
#ifndef GEMM_COMMON_H
#define GEMM_COMMON_H
#include "tx8.h"

#ifndef M
#define M 4096
#endif
#ifndef K
#define K 1024
#endif
#ifndef N
#define N 4096
#endif
#ifndef CHUNK
#define CHUNK 128
#endif
#define A_DDR 0x000000000ull
#define B_DDR 0x100000000ull
#define C_DDR 0x200000000ull

static inline uint64_t align256(uint64_t x) { return (x + 255) & ~255ull; }

typedef struct Plan {
    uint64_t rows, a, b[4], c[2];
} Plan;

static inline Plan plan_spm(void) {
    Plan p;
    uint64_t at = tx8_spm_base();
    p.rows = M / tile_num();
    p.a = at;
    at += align256(p.rows * K * 2);
    for (int i = 0; i < 4; i++) { p.b[i] = at; at += align256((uint64_t)K * CHUNK * 2); }
    for (int i = 0; i < 2; i++) { p.c[i] = at; at += align256(p.rows * CHUNK * 2); }
    return p;
}

static inline void load_a(const Plan *p) {
    tsm_rdma_load(A_DDR + tile_id() * p->rows * K * 2, p->a, 1, p->rows * K * 2, p->rows * K * 2, p->rows * K * 2);
}

static inline void load_chunk(uint64_t chunk, uint64_t dst) {
    tsm_rdma_load(B_DDR + chunk * CHUNK * 2, dst, K, CHUNK * 2, (uint64_t)N * 2, CHUNK * 2);
}

static inline void gemm(const Plan *p, uint64_t b, uint64_t c) {
    NE_GEMM_PARAM g = {Fmt_BF16, Fmt_BF16, p->a, b, c, 0, p->rows, K, CHUNK, 1, 0, 0, 0, 0};
    tsm_ne_gemm(&g);
}

static inline void store_c(const Plan *p, uint64_t chunk, uint64_t src) {
    tsm_wdma_store(src, C_DDR + tile_id() * p->rows * N * 2 + chunk * CHUNK * 2, p->rows, CHUNK * 2, CHUNK * 2, (uint64_t)N * 2);
}
#endif
