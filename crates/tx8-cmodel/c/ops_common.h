/* Helpers shared by the one-tile operator programs (ops_main.c,
 * ops_onnx_main.c): input k is loaded from 0x10000000 + k MiB, output k is
 * stored at 0x20000000 + k MiB, tensors are dense in SPM from the usable
 * window's start, 256-byte aligned. */
#ifndef OPS_COMMON_H
#define OPS_COMMON_H

#include "tx8.h"

#define IN(k) (0x10000000ull + (uint64_t)(k) * 0x100000ull)
#define OUT(k) (0x20000000ull + (uint64_t)(k) * 0x100000ull)

static uint64_t next_spm;
static L_SHAPE shapes[64];
static int nshapes;

static uint64_t esize(Data_Format f) {
    return f == Fmt_INT8 ? 1 : (f == Fmt_INT16 || f == Fmt_FP16 || f == Fmt_BF16) ? 2 : 4;
}

static TSR tensor(Data_Format f, int dim, const int32_t *dims) {
    L_SHAPE *s = &shapes[nshapes++];
    uint64_t bytes = esize(f);
    for (int i = 0; i < 6; i++) {
        int32_t d = i < dim ? dims[i] : 0;
        s->shape_whole[i] = s->shape_slice[i] = s->shape_real[i] = d;
        s->shape_start[i] = 0;
        if (i < dim) bytes *= (uint64_t)d;
    }
    s->dim = dim;
    TSR t = {f, next_spm, s};
    next_spm += (bytes + 255) & ~255ull;
    return t;
}

static TSR load(Data_Format f, int dim, const int32_t *dims, int k) {
    TSR t = tensor(f, dim, dims);
    op_dma_load(&t, IN(k));
    op_join(TX8_ENGINE_RDMA);
    return t;
}

static void store(const TSR *t, int k) {
    op_dma_store(t, OUT(k));
    op_join(TX8_ENGINE_WDMA);
}

static TSR scratch(uint64_t bytes) {
    int32_t d[1] = {(int32_t)bytes};
    return tensor(Fmt_INT8, 1, d);
}

#endif
