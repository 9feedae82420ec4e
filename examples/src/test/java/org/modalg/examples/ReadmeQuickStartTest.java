package org.modalg.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.modalg.fields.GfField;
import org.modalg.fields.GfPreset;
import org.modalg.fields.NttPrimes;
import org.modalg.fields.ZpField;

/** The README's Java quick start, compiled and checked against BigInteger. */
class ReadmeQuickStartTest {
    @Test
    void quickStartComputesWhatItSays() {
        GfField f = GfPreset.SRGF8.field();
        long[] x = f.element(new BigInteger("123456789123456789123456789"));
        long[] y = f.element(BigInteger.valueOf(-5));
        long[] z = new long[f.k()];
        f.mul(x, 0, y, 0, z, 0);
        BigInteger p = f.modulus();
        BigInteger bx = new BigInteger("123456789123456789123456789");
        assertEquals(bx.multiply(BigInteger.valueOf(-5)).mod(p), f.toBigInteger(z, 0));
        f.mulPowR(x, 0, 3, z, 0);
        assertEquals(bx.multiply(f.radixBig().pow(3)).mod(p), f.toBigInteger(z, 0));
        long[] w = f.rootOfUnity(20);
        BigInteger bw = f.toBigInteger(w, 0);
        assertEquals(f.radixBig(), bw.modPow(BigInteger.valueOf((1 << 20) / 16), p));

        ZpField zp = ZpField.of(NttPrimes.largestBelow(1L << 62, 32));
        long q = zp.mul(zp.inv(3), 7);
        BigInteger bp = BigInteger.valueOf(zp.p());
        assertEquals(BigInteger.valueOf(3).modInverse(bp).multiply(BigInteger.valueOf(7)).mod(bp).longValue(), q);
    }
}
