/* Helpers shared by the one-tile operator programs (ops_main.c,
 * ops_onnx_main.c): input k is loaded from 0x10000000 + k MiB, output k is
 * stored at 0x20000000 + k MiB (both dense), tensors are placed in SPM from
 * the usable window's start, 256-byte aligned. Operators that read only
 * channel-blocked operands (conv, pool, batchnorm, reduce keeping the last
 * dim) get a blocked copy (`blocked`) and their result goes back to dense
 * (`dense`) through op_channel_norm, as a compiled program does. */
#ifndef OPS_COMMON_H
#define OPS_COMMON_H

#include "tx8.h"

#define IN(k) (0x10000000ull + (uint64_t)(k) * 0x100000ull)
#define OUT(k) (0x20000000ull + (uint64_t)(k) * 0x100000ull)

static uint64_t next_spm;
static L_SHAPE shapes[64];
static int nshapes;

/* A fresh SPM tensor in `layout` (0 Tensor, 1 NTensor, 2 Cx, 3 NCx). */
static TSR tensor_in(Data_Format f, int dim, const int32_t *dims, uint32_t layout) {
    L_SHAPE *s = &shapes[nshapes++];
    for (int i = 0; i < 6; i++) {
        int32_t d = i < dim ? dims[i] : 0;
        s->shape_whole[i] = s->shape_slice[i] = s->shape_real[i] = d;
        s->shape_start[i] = 0;
    }
    s->dim = dim;
    TSR t = {f, next_spm, s, layout};
    next_spm += (tx8_placed_bytes(&t) + 255) & ~255ull;
    return t;
}

static TSR tensor(Data_Format f, int dim, const int32_t *dims) {
    return tensor_in(f, dim, dims, dims[0] == 1 ? 0 : 1);
}

/* A fresh blocked (Cx / NCx) tensor. */
static TSR tensor_blocked(Data_Format f, int dim, const int32_t *dims) {
    return tensor_in(f, dim, dims, dim == 1 || dims[0] == 1 ? 2 : 3);
}

/* A blocked copy of dense `x`. */
static TSR blocked(const TSR *x) {
    TSR b = tensor_blocked(x->format, x->shape->dim, x->shape->shape_slice);
    op_channel_norm(b.mem_layout, 1, x, &b);
    return b;
}

/* A dense copy of blocked `b`. */
static TSR dense(const TSR *b) {
    TSR d = tensor(b->format, b->shape->dim, b->shape->shape_slice);
    op_channel_norm(b->mem_layout, 0, b, &d);
    return d;
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
