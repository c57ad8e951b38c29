import { scoreHistogram } from '../score-trends';

describe('scoreHistogram', () => {
  it('has no bins without scores', () => {
    expect(scoreHistogram([])).toEqual([]);
  });

  it('puts PHQ-9-like scores 0–27 in bins of 5, each patient once, the highest score in the last bin', () => {
    const bins = scoreHistogram([
      { score: 0, patients: 3 },
      { score: 4, patients: 1 },
      { score: 5, patients: 2 },
      { score: 14, patients: 1 },
      { score: 27, patients: 4 },
    ]);
    expect(bins).toEqual([
      { from: 0, to: 5, patients: 4 },
      { from: 5, to: 10, patients: 2 },
      { from: 10, to: 15, patients: 1 },
      { from: 15, to: 20, patients: 0 },
      { from: 20, to: 25, patients: 0 },
      { from: 25, to: 30, patients: 4 },
    ]);
  });

  it('gives one bin when every patient has the same score', () => {
    expect(scoreHistogram([{ score: 7, patients: 5 }])).toEqual([{ from: 7, to: 8, patients: 5 }]);
  });

  it('keeps fractional bin edges round and counts negative scores', () => {
    const bins = scoreHistogram(
      [
        { score: -0.3, patients: 1 },
        { score: 0.25, patients: 2 },
        { score: 0.6, patients: 1 },
      ],
      5,
    );
    expect(bins.map((bin) => [bin.from, bin.to])).toEqual([
      [-0.4, -0.2],
      [-0.2, 0],
      [0, 0.2],
      [0.2, 0.4],
      [0.4, 0.6],
      [0.6, 0.8],
    ]);
    expect(bins.reduce((sum, bin) => sum + bin.patients, 0)).toBe(4);
    expect(bins.find((bin) => bin.from === 0.2)?.patients).toBe(2);
  });

  it('never makes more bins than asked', () => {
    const scores = Array.from({ length: 100 }, (_, score) => ({ score: score * 3.7, patients: 1 }));
    for (const maxBins of [3, 5, 10, 20]) {
      expect(scoreHistogram(scores, maxBins).length).toBeLessThanOrEqual(maxBins + 1);
    }
  });
});
