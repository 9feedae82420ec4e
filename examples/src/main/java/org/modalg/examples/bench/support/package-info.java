/**
 * What the benchmark suites share with the studies, the demo and the worked examples, none of
 * it a benchmark: {@link org.modalg.examples.bench.support.BenchTable} (rows with fixed columns,
 * printed aligned and written as CSV), {@link org.modalg.examples.bench.support.GfFftCases} (the
 * big-prime FFT's random inputs and its checks against BigInteger and the CRT route) and
 * {@link org.modalg.examples.bench.support.LimbArrays} (BigInteger to and from 64-bit limbs, for
 * calling a limb product directly).
 */
package org.modalg.examples.bench.support;
