/**
 * What a command of the {@code modalg} command line reads and writes, apart from its own
 * options: the picocli mixins that several commands share
 * ({@link org.modalg.examples.cli.io.CommonOptions}, {@code --route}, {@code --probabilistic},
 * {@code --spark}, {@code --backend}); one operand read as text, inline, from standard input or
 * from {@code file:PATH} ({@link org.modalg.examples.cli.io.Input}); the grammars of integers,
 * polynomials and matrices ({@link org.modalg.examples.cli.io.Operands},
 * {@link org.modalg.examples.cli.io.MatrixOperand},
 * {@link org.modalg.examples.cli.io.BivariateOperands}); the result, never half-written, as text
 * or JSON ({@link org.modalg.examples.cli.io.Output}); and
 * {@link org.modalg.examples.cli.io.Invocation}, one run of a computing command tying them
 * together. The commands themselves are in {@code org.modalg.examples.cli}.
 */
package org.modalg.examples.cli.io;
