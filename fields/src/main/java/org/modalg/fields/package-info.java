/**
 * Exact arithmetic in prime fields on caller-owned {@code long[]} arrays: word-size prime
 * fields ({@link org.modalg.fields.ZpField}), generalized Fermat prime fields p = r^k + 1
 * ({@link org.modalg.fields.GfField}, {@link org.modalg.fields.GfPreset}), and the BigInteger
 * baseline ({@link org.modalg.fields.BigIntegerField}); and the library's primes: primality, NTT
 * primes and their roots of unity, and the one chooser of "the fewest primes whose product
 * exceeds a bound" ({@link org.modalg.fields.NttPrimes#fewestAbove(java.math.BigInteger, long, int)},
 * cached), which every CRT basis and transform route takes its primes from.
 *
 * <p>Dependencies inside the package run one way: {@code NttPrimes} uses only
 * {@code UnsignedDivider}, and {@code ZpField} uses {@code NttPrimes} (no class cycle).
 *
 * <p>References: "the thesis" in this package's documentation, with its numbered items (P3,
 * P4, Tables 2.1, 3.1 and 3.2, sections 2.3 and 3.3, Algorithms 1 to 4), is D. Mohajerani,
 * <i>Parallel Arbitrary-precision Integer Arithmetic</i>, PhD thesis, The University of
 * Western Ontario, 2021 ([Thesis] in the References of the root README).
 */
package org.modalg.fields;
