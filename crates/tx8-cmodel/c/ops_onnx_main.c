/* One tile runs the operator calls added for the ONNX models of issue 11
 * through the C ABI: pooling with 4-sided pads, parameterised activations,
 * int8 comparison output, select, cast, pad and SPM gather. Input k is at
 * 0x10000000 + k MiB, output k at 0x20000000 + k MiB; tests/launcher.rs
 * compares every output with the CPU reference. */
#include "ops_common.h"

void tile_main(void) {
    next_spm = tx8_spm_base();
    int32_t d6[4] = {1, 6, 6, 4}, d23[2] = {2, 3}, d13[2] = {1, 3};
    TSR img = load(Fmt_FP32, 4, d6, 0);
    TSR x = load(Fmt_FP32, 2, d23, 1);     /* fp32 2x3 */
    TSR row = load(Fmt_FP32, 2, d13, 1);   /* its first row, 1x3 */
    TSR cond = load(Fmt_INT8, 2, d23, 2);  /* int8 2x3, non-zero = true */
    /* 0: average pool 3x3 stride 2, pads (top 1, left 1, bottom 0, right 0), counting padding */
    {
        int32_t od[4] = {1, 3, 3, 4};
        TSR imgb = blocked(&img), yb = tensor_blocked(Fmt_FP32, 4, od);
        POOL_PARAM p = {1, {3, 3}, {2, 2}, {1, 1, 0, 0}, 1};
        op_pool2d(&p, &imgb, &yb);
        TSR y = dense(&yb);
        store(&y, 0);
    }
    /* 1: exact gelu, in place on a copy of x (needs imm) */
    {
        TSR y = tensor(Fmt_FP32, 2, d23), imm = scratch(6 * 4);
        op_cast(&x, &y);
        op_eltwise_unary_param(TX8_UNARY_GELU_ERF, 0.0f, 0.0f, &y, &imm, &y);
        store(&y, 1);
    }
    /* 2: clip to [-1, 0.5] */
    {
        TSR y = tensor(Fmt_FP32, 2, d23);
        op_eltwise_unary_param(TX8_UNARY_CLIP, -1.0f, 0.5f, &x, 0, &y);
        store(&y, 2);
    }
    /* 3: x < row (broadcast), int8 0/1 */
    {
        TSR y = tensor(Fmt_INT8, 2, d23), imm = scratch(3 * 6 * 4 + 1024);
        op_eltwise_binary(TX8_BINARY_LT, &x, &row, &imm, &y);
        store(&y, 3);
    }
    /* 4: where(cond, x, row) */
    {
        TSR y = tensor(Fmt_FP32, 2, d23), imm = scratch(6 * (1 + 4 * 4) + 1536);
        op_select(&cond, &x, &row, &imm, &y);
        store(&y, 4);
    }
    /* 5: cast fp32 -> int32 (round half to even) */
    {
        TSR y = tensor(Fmt_INT32, 2, d23);
        op_cast(&x, &y);
        store(&y, 5);
    }
    /* 6: pad 2x3 by low (1, -1), high (0, 2), interior (1, 1) with 7.5 -> 4x6 */
    {
        int32_t od[2] = {4, 6};
        int64_t lo[2] = {1, -1}, hi[2] = {0, 2}, in[2] = {1, 1};
        TSR y = tensor(Fmt_FP32, 2, od);
        op_pad(&x, &y, lo, hi, in, 7.5f);
        store(&y, 6);
    }
    /* 7: gather columns (2, 0, 2, 1) of x: axis 1 -> 2x4 */
    {
        int32_t id[1] = {4}, od[2] = {2, 4};
        TSR idx = load(Fmt_INT32, 1, id, 3), y = tensor(Fmt_FP32, 2, od);
        op_gather_spm(&x, &idx, 1, &y);
        store(&y, 7);
    }
}
