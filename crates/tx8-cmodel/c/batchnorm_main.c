/* The seed's BatchNorm main.c on the TX8 C model (run with tx8-run).
 *
 *   while (!input_done) { load input; load params; op_batchnorm_inference; store }
 *
 * x, y: fp16 [N, H, W, C] dense NHWC in DDR; scale, shift, mean, var: fp32 [C].
 * Sharded over tiles along C, split in time along H; input and output buffers
 * are doubled so the load of split i+1 and the store of split i-1 overlap the
 * compute of split i. Parameters are loaded once (they are the same for every
 * split). op_batchnorm_inference reads and writes only channel-blocked
 * operands: each split goes dense -> NCx and back through op_channel_norm,
 * and the parameter slices are loaded as Cx (a 1-D Cx vector is its dense
 * elements followed by padding, so the dense DDR vectors load as they are). */
#include "tx8.h"

#define N 2
#define H 16
#define W 8
#define C 256
#define HS 4 /* rows of H per time split */
#define X_DDR 0x10000000ull
#define Y_DDR 0x20000000ull
#define SCALE_DDR 0x30000000ull
#define SHIFT_DDR 0x30010000ull
#define MEAN_DDR 0x30020000ull
#define VAR_DDR 0x30030000ull

static uint64_t align256(uint64_t x) { return (x + 255) & ~255ull; }

static L_SHAPE shape4(int32_t n, int32_t h0, int32_t hs, int32_t w, int32_t c0, int32_t ct) {
    L_SHAPE s = {{N, H, W, C}, {0, h0, 0, c0}, {n, hs, w, ct}, {n, hs, w, ct}, 4};
    return s;
}

void tile_main(void) {
    const int32_t ct = C / (int32_t)tile_num();
    const int32_t c0 = (int32_t)tile_id() * ct;
    uint64_t at = tx8_spm_base();

    /* Parameters: this tile's channel slice of each fp32 [C] vector. */
    static const uint64_t param_ddr[4] = {SCALE_DDR, SHIFT_DDR, MEAN_DDR, VAR_DDR};
    L_SHAPE pshape = {{C}, {c0}, {ct}, {ct}, 1};
    TSR param[4];
    for (int i = 0; i < 4; i++) {
        param[i] = (TSR){Fmt_FP32, at, &pshape, 2 /* Cx */};
        at += align256(tx8_placed_bytes(&param[i]));
        op_load_const(&param[i], param_ddr[i]);
    }

    const uint64_t split_elems = (uint64_t)N * HS * W * ct;
    uint64_t xbuf[2], ybuf[2];
    for (int i = 0; i < 2; i++) { xbuf[i] = at; at += align256(split_elems * 2); }
    for (int i = 0; i < 2; i++) { ybuf[i] = at; at += align256(split_elems * 2); }
    /* The blocked copies of the current split's input and output. */
    L_SHAPE bs = shape4(N, 0, HS, W, c0, ct);
    TSR xb = {Fmt_FP16, at, &bs, 3 /* NCx */};
    const uint64_t placed = align256(tx8_placed_bytes(&xb));
    at += placed;
    TSR yb = {Fmt_FP16, at, &bs, 3};
    at += placed;
    const uint64_t imm_bytes = placed / 2 * 4 + 4 * ((uint64_t)ct + 256) * 4;
    L_SHAPE imm_shape = {{(int32_t)imm_bytes}, {0}, {(int32_t)imm_bytes}, {(int32_t)imm_bytes}, 1};
    TSR imm = {Fmt_INT8, at, &imm_shape};

    L_SHAPE xs[2], ys[2];
    TSR x[2], y[2];
    const int splits = H / HS;
    BATCHNORM_INFER_PARAM bn = {1e-5f, 3 /* NCx */};

    xs[0] = shape4(N, 0, HS, W, c0, ct);
    x[0] = (TSR){Fmt_FP16, xbuf[0], &xs[0]};
    op_dma_load(&x[0], X_DDR);
    for (int i = 0; i < splits; i++) {
        int cur = i % 2, nxt = (i + 1) % 2;
        op_join(TX8_ENGINE_RDMA); /* input i and the parameters are in */
        if (i + 1 < splits) {
            xs[nxt] = shape4(N, (i + 1) * HS, HS, W, c0, ct);
            x[nxt] = (TSR){Fmt_FP16, xbuf[nxt], &xs[nxt]};
            op_dma_load(&x[nxt], X_DDR);
        }
        ys[cur] = shape4(N, i * HS, HS, W, c0, ct);
        y[cur] = (TSR){Fmt_FP16, ybuf[cur], &ys[cur]};
        op_channel_norm(3, 1, &x[cur], &xb);
        op_batchnorm_inference(&bn, &xb, &param[0], &param[1], &param[2], &param[3], &imm, &yb);
        op_channel_norm(3, 0, &yb, &y[cur]);
        op_join(TX8_ENGINE_WDMA); /* store i-1 ran during this compute */
        op_dma_store(&y[cur], Y_DDR);
    }
    op_join(TX8_ENGINE_RDMA | TX8_ENGINE_WDMA);
}
