/** modalg fft layer (see the module README). */
package org.modalg.fft;
