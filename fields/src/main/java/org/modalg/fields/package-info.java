/**
 * Exact arithmetic in prime fields on caller-owned {@code long[]} arrays: word-size prime
 * fields ({@link org.modalg.fields.ZpField}), generalized Fermat prime fields p = r^k + 1
 * ({@link org.modalg.fields.GfField}, {@link org.modalg.fields.GfPreset}), and the BigInteger
 * baseline ({@link org.modalg.fields.BigIntegerField}).
 *
 * <p>References: "the thesis" in this package's documentation, with its numbered items (P3,
 * P4, Tables 2.1, 3.1 and 3.2, sections 2.3 and 3.3, Algorithms 1 to 4), is D. Mohajerani,
 * <i>Parallel Arbitrary-precision Integer Arithmetic</i>, PhD thesis, The University of
 * Western Ontario, 2021 ([Thesis] in the References of the root README).
 */
package org.modalg.fields;
