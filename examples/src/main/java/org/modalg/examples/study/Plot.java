package org.modalg.examples.study;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A PNG plot of a study (XChart, rendered headless): x-y series with log axes where sizes and
 * times span decades. Points that a log axis cannot show (zero, negative, NaN) are left out of
 * a series; a series left empty is not drawn.
 */
public final class Plot {
    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private final XYChart chart;
    private final boolean logX;
    private final boolean logY;
    private int series;

    private Plot(String title, String xLabel, String yLabel, boolean logX, boolean logY, int width, int height) {
        this.logX = logX;
        this.logY = logY;
        chart = new XYChartBuilder().width(width).height(height).title(title).xAxisTitle(xLabel).yAxisTitle(yLabel)
                .build();
        Styler s = chart.getStyler();
        chart.getStyler().setXAxisLogarithmic(logX).setYAxisLogarithmic(logY);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotGridLinesColor(new Color(225, 225, 225));
        chart.getStyler().setLegendBackgroundColor(new Color(255, 255, 255, 220));
        chart.getStyler().setMarkerSize(7);
        s.setToolTipsEnabled(false);
    }

    /** A plot of width x height pixels; logX, logY choose log axes. */
    public static Plot of(String title, String xLabel, String yLabel, boolean logX, boolean logY) {
        return new Plot(title, xLabel, yLabel, logX, logY, 900, 600);
    }

    /** Where the legend goes (default: inside, top left). */
    public Plot legend(Styler.LegendPosition position) {
        chart.getStyler().setLegendPosition(position);
        return this;
    }

    /** Tick labels of the x axis as written by the pattern (e.g. {@code "0"}). */
    public Plot xPattern(String decimalPattern) {
        chart.getStyler().setXAxisDecimalPattern(decimalPattern);
        return this;
    }

    /** Tick labels of the y axis as written by the pattern. */
    public Plot yPattern(String decimalPattern) {
        chart.getStyler().setYAxisDecimalPattern(decimalPattern);
        return this;
    }

    /** A series drawn as markers joined by a solid line. */
    public Plot line(String name, List<Double> x, List<Double> y) {
        return add(name, x, y, XYSeries.XYSeriesRenderStyle.Line, false);
    }

    /** A series drawn as a dashed line without markers (a model or expectation). */
    public Plot dashed(String name, List<Double> x, List<Double> y) {
        return add(name, x, y, XYSeries.XYSeriesRenderStyle.Line, true);
    }

    /** A series drawn as markers only. */
    public Plot points(String name, List<Double> x, List<Double> y) {
        return add(name, x, y, XYSeries.XYSeriesRenderStyle.Scatter, false);
    }

    /** Sets the colour of a series' line and markers (no effect if the series was left out as empty). */
    public Plot color(String name, Color c) {
        XYSeries s = chart.getSeriesMap().get(name);
        if (s != null) {
            s.setLineColor(c);
            s.setMarkerColor(c);
        }
        return this;
    }

    /** Draws a series' markers as large open rings of the given colour (to circle other markers). */
    public Plot ring(String name, Color c) {
        XYSeries s = chart.getSeriesMap().get(name);
        if (s != null) {
            s.setMarker(new Ring());
            s.setMarkerColor(c);
        }
        return this;
    }

    /** An open circle about twice the size of the ordinary markers. */
    private static final class Ring extends Marker {
        @Override
        public void paint(Graphics2D g, double x, double y, int size) {
            g.setStroke(new BasicStroke(2f));
            double d = size * 2.4;
            g.draw(new Ellipse2D.Double(x - d / 2, y - d / 2, d, d));
        }
    }

    /**
     * A line of text in the legend without a glyph (drawn as an invisible point at (x, y), which
     * must lie inside the plotted range, e.g. a point of another series).
     */
    public Plot note(String text, double x, double y) {
        XYSeries s = chart.addSeries(text, new double[] {x}, new double[] {y});
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarker(SeriesMarkers.NONE);
        s.setMarkerColor(new Color(0, 0, 0, 0));
        s.setLineColor(new Color(0, 0, 0, 0));
        return this;
    }

    /** Sets a series' marker shape (one of {@link SeriesMarkers}). */
    public Plot marker(String name, Marker marker) {
        XYSeries s = chart.getSeriesMap().get(name);
        if (s != null) {
            s.setMarker(marker);
        }
        return this;
    }

    /** The number of series drawn so far. */
    public int seriesCount() {
        return series;
    }

    private Plot add(String name, List<Double> x, List<Double> y, XYSeries.XYSeriesRenderStyle style, boolean dashed) {
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (int i = 0; i < x.size(); i++) {
            double a = x.get(i);
            double b = y.get(i);
            if (Double.isNaN(a) || Double.isNaN(b) || Double.isInfinite(a) || Double.isInfinite(b)
                    || (logX && a <= 0) || (logY && b <= 0)) {
                continue;
            }
            xs.add(a);
            ys.add(b);
        }
        if (xs.isEmpty()) {
            return this;
        }
        XYSeries s = chart.addSeries(name, xs, ys);
        s.setXYSeriesRenderStyle(style);
        if (dashed) {
            s.setMarker(SeriesMarkers.NONE);
            s.setLineStyle(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                    new float[] {8f, 6f}, 0f));
        }
        series++;
        return this;
    }

    /** Writes the PNG (parent directories created) and returns its path. */
    public Path save(Path png) {
        try {
            if (png.toAbsolutePath().getParent() != null) {
                Files.createDirectories(png.toAbsolutePath().getParent());
            }
            String name = png.toString();
            String base = name.endsWith(".png") ? name.substring(0, name.length() - 4) : name;
            BitmapEncoder.saveBitmap(chart, base, BitmapEncoder.BitmapFormat.PNG);
            return Path.of(base + ".png");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + png, e);
        }
    }
}
