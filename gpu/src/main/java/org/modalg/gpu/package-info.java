/** modalg gpu layer (see the module README). */
package org.modalg.gpu;
