/**
 * Batched small polynomial products: many independent products over Z or Z/pZ at once
 * ({@link org.modalg.polynomial.batchedpoly.BatchedPolyProducts}, the CPU twin of the gpu
 * module's fused device products, {@code org.modalg.gpu.batched.GpuBatchedPolyProducts}).
 *
 * <p>Uses {@link org.modalg.polynomial.zz} and {@link org.modalg.polynomial.zp}.
 */
package org.modalg.polynomial.batchedpoly;
