/** modalg modular layer (see the module README). */
package org.modalg.modular;
