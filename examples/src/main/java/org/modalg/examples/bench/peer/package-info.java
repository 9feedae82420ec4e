/**
 * The FLINT peers of the benchmark suites: running the peer binaries as child processes and
 * reading their rows ({@link org.modalg.examples.bench.peer.FlintPeer} for {@code flint3_bench},
 * {@link org.modalg.examples.bench.peer.FlintMpolyPeer} for {@code flint_mpoly_bench}), finding
 * them ({@code PeerBinaries}), and generating their inputs and checksums bit for bit
 * ({@link org.modalg.examples.bench.peer.FlintInputs},
 * {@link org.modalg.examples.bench.peer.FlintBivariateInputs}), so that modalg and FLINT time the
 * same problems and FLINT's checksum checks modalg's result. Nothing here times modalg.
 */
package org.modalg.examples.bench.peer;
