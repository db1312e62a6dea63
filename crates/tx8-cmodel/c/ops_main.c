/* One tile runs a sequence of operator-library calls through the C ABI:
 * each input is loaded from DDR (input k at 0x10000000 + k MiB), the op
 * runs, and its output is stored (output k at 0x20000000 + k MiB).
 * tests/launcher.rs compares every output with the CPU reference. */
#include "ops_common.h"

void tile_main(void) {
    next_spm = tx8_spm_base();
    /* 0: conv2d bf16 1x6x6x4 * 3x3x4x8, pad 1, stride 1 -> fp32 1x6x6x8 */
    {
        int32_t xd[4] = {1, 6, 6, 4}, wd[4] = {3, 3, 4, 8}, od[4] = {1, 6, 6, 8};
        TSR x = load(Fmt_BF16, 4, xd, 0), w = load(Fmt_BF16, 4, wd, 1);
        TSR xb = blocked(&x), wb = blocked(&w), yb = tensor_blocked(Fmt_FP32, 4, od);
        CONV_PARAM p = {{1, 1}, {1, 1, 1, 1}, {1, 1}, 1};
        op_conv2d(&p, &xb, &wb, 0, &yb);
        TSR y = dense(&yb);
        store(&y, 0);
    }
    /* 1: layernorm fp32 4x32, gamma/beta fp32 32 */
    {
        int32_t xd[2] = {4, 32}, cd[1] = {32};
        TSR x = load(Fmt_FP32, 2, xd, 2), g = load(Fmt_FP32, 1, cd, 3), b = load(Fmt_FP32, 1, cd, 4);
        TSR y = tensor(Fmt_FP32, 2, xd), imm = scratch(4 * 4 * 32 * 4 + 4096);
        op_layernorm(1e-5f, &x, &g, &b, &imm, &y);
        store(&y, 1);
    }
    /* 2: mean over axis 1 of fp32 3x5x7 -> 3x7 */
    {
        int32_t xd[3] = {3, 5, 7}, od[2] = {3, 7};
        TSR x = load(Fmt_FP32, 3, xd, 5), imm = scratch(3 * 5 * 7 * 4 + 256);
        TSR xb = blocked(&x), yb = tensor_blocked(Fmt_FP32, 2, od);
        op_reduce(1, 1, &xb, &imm, &yb);
        TSR y = dense(&yb);
        store(&y, 2);
    }
    /* 3: max pool 2x2 stride 2 on fp32 1x6x6x4 -> 1x3x3x4 */
    {
        int32_t xd[4] = {1, 6, 6, 4}, od[4] = {1, 3, 3, 4};
        TSR x = load(Fmt_FP32, 4, xd, 6), xb = blocked(&x), yb = tensor_blocked(Fmt_FP32, 4, od);
        POOL_PARAM p = {0, {2, 2}, {2, 2}, {0, 0, 0, 0}, 0};
        op_pool2d(&p, &xb, &yb);
        TSR y = dense(&yb);
        store(&y, 3);
    }
    /* 4: transpose fp32 3x5x7 by (2, 0, 1) -> 7x3x5 */
    {
        int32_t xd[3] = {3, 5, 7}, od[3] = {7, 3, 5};
        uint32_t perm[3] = {2, 0, 1};
        TSR x = load(Fmt_FP32, 3, xd, 5), y = tensor(Fmt_FP32, 3, od);
        op_transpose(perm, &x, &y);
        store(&y, 4);
    }
    /* 5: concat int8 2x3 and 2x4 along axis 1 -> 2x7 */
    {
        int32_t ad[2] = {2, 3}, bd[2] = {2, 4}, od[2] = {2, 7};
        TSR a = load(Fmt_INT8, 2, ad, 7), b = load(Fmt_INT8, 2, bd, 8), y = tensor(Fmt_INT8, 2, od);
        const TSR *parts[2] = {&a, &b};
        op_concat(parts, 2, 1, &y);
        store(&y, 5);
    }
    /* 6: slice [1:3, 2:5] of int8 4x8 -> 2x3 */
    {
        int32_t xd[2] = {4, 8}, od[2] = {2, 3};
        uint64_t starts[2] = {1, 2};
        TSR x = load(Fmt_INT8, 2, xd, 9), y = tensor(Fmt_INT8, 2, od);
        op_slice(starts, &x, &y);
        store(&y, 6);
    }
    /* 7: gather rows of an fp32 10x4 DDR table by int32 indices (5) -> 5x4 */
    {
        int32_t id[1] = {5}, od[2] = {5, 4};
        TSR idx = load(Fmt_INT32, 1, id, 10), y = tensor(Fmt_FP32, 2, od);
        op_gather(IN(11), 10, 4, &idx, &y);
        op_join(TX8_ENGINE_RDMA);
        store(&y, 7);
    }
}
