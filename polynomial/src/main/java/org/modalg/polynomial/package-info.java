/** modalg polynomial layer (see the module README). */
package org.modalg.polynomial;
