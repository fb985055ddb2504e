import FoodDiaryBase
import FoodDiaryTools
import Testing

/// The weight trend, the weekly rate, units, and the energy estimate on people whose true
/// expenditure is known.
@Suite struct BodyArithmeticTests {
    let march1 = LocalDate(parsing: "2026-03-01")!

    @Test func theTrendMovesATenthOfTheWayEachDay() {
        let trend = WeightTrend(weighIns: [(march1, 80), (march1.next, 70)])
        #expect(trend.days.map(\.trendKilograms) == [80, 79])
        let steady = WeightTrend(weighIns: (0..<30).map { (march1.adding(days: $0), 72.5) })
        #expect(steady.days.allSatisfy { abs($0.trendKilograms - 72.5) < 1e-9 })
        #expect(steady.weeklyRateKilograms.map { abs($0) < 1e-9 } == true)
    }

    @Test func severalWeighInsADayCountAsTheirMeanAndGapsAreFilledOnALine() {
        let trend = WeightTrend(weighIns: [(march1, 80), (march1, 82), (march1.adding(days: 3), 84)])
        #expect(trend.days.count == 4)
        #expect(trend.days[0].weighedKilograms == 81)
        #expect(trend.days[1].weighedKilograms == nil && trend.days[2].weighedKilograms == nil)
        // Filled in: 82 and 83, then the weigh-in of 84.
        let expected = [81, 81 + 0.1, 81.1 + 0.1 * (83 - 81.1), 0.0].reduce(into: [Double]()) { result, value in
            result.append(result.count < 3 ? value : result[2] + 0.1 * (84 - result[2]))
        }
        for (day, value) in zip(trend.days, expected) { #expect(abs(day.trendKilograms - value) < 1e-9) }
        #expect(trend.trend(on: march1.adding(days: 10)) == trend.latest?.trendKilograms, "held after the last weigh-in")
        #expect(trend.trend(on: march1.previous) == nil)
        #expect(WeightTrend(weighIns: [(march1, .nan), (march1, -3)]).days.isEmpty, "nonsense is not weighed")
    }

    @Test func theWeeklyRateIsTheTrendsSlope() {
        // Half a kilogram a week, steadily, for eight weeks: the trend's slope settles on it.
        let ramp = WeightTrend(weighIns: (0..<56).map { (march1.adding(days: $0), 90 - 0.5 / 7 * Double($0)) })
        #expect(abs((ramp.weeklyRateKilograms ?? 0) + 0.5) < 0.01)
        #expect(WeightTrend(weighIns: (0..<7).map { (march1.adding(days: $0), 80) }).weeklyRateKilograms == nil, "a week is too short")
    }

    @Test func unitsConvertBothWaysAndReadAsPeopleWriteThem() {
        #expect(abs(UnitSystem.us.kilograms(fromWeight: 160) - 72.574_779_2) < 1e-6)
        #expect(UnitSystem.us.weightText(kilograms: UnitSystem.us.kilograms(fromWeight: 165.4)) == "165.4 lb")
        #expect(UnitSystem.metric.weightText(kilograms: 72.44) == "72.4 kg")
        #expect(UnitSystem.us.drinkText(millilitres: 236.588) == "8 fl oz")
        #expect(UnitSystem.metric.weeklyRateText(kilograms: -0.42) == "−0.4 kg a week")
        #expect(UnitSystem.us.weeklyRateText(kilograms: 0.001) == "steady")
        #expect(UnitSystem.us.lengthText(centimetres: 81) == "31.9 in")
        #expect(LocalDate(parsing: "2026-02-27")!.days(to: LocalDate(parsing: "2026-03-02")!) == 3)
    }

    /// Issue 39: for a synthetic diary with a known expenditure the estimate lands within 5 % of it.
    /// A scale that swings by a day's water leaves some people further off, so this asks it of most.
    @Test func theEstimateFindsTheExpenditureDiariesWereMadeWith() throws {
        var errors: [Double] = []
        for seed in UInt64(1)...100 {
            var random = SplitMix64(seed: seed &* 7_919)
            let expenditure = Double.random(in: 1_800...3_000, using: &random)
            let body = SyntheticBody(
                first: march1, count: 90, expenditureKcal: expenditure,
                meanIntakeKcal: expenditure + Double.random(in: -600...400, using: &random), startKilograms: 85, seed: seed)
            let last = march1.adding(days: 88)
            let estimate = try EnergyExpenditure.estimate(intakes: Self.intakes(body), trend: Self.trend(body), endingOn: last).get()
            errors.append(abs(estimate.expenditureKcal - expenditure) / expenditure)
            #expect(estimate.countedDays + estimate.notLoggedDays == EnergyExpenditure.windowDays)
            let target = estimate.target(kilogramsPerWeek: -0.5)
            #expect(target.isFloored || abs(target.kcal - (estimate.expenditureKcal - 550)) <= 5)
        }
        errors.sort()
        #expect(errors[50] < 0.02, "the median person within 2 %: \(errors[50])")
        #expect(errors.count { $0 < 0.05 } >= 88, "almost everyone within 5 %: \(errors.count { $0 < 0.05 }) of 100")
        #expect(errors[99] < 0.10, "nobody off by a tenth: \(errors[99])")
    }

    /// Issue 62: with exercise logged on three days a week, the estimate still finds all the body
    /// burned, and a target that leaves the window's exercise out, grown each day by that day's,
    /// asks over the weeks for what the plain target does: no exercise is counted twice.
    @Test func loggedExerciseIsCountedOnceWhetherOrNotEachDayAddsItsOwn() throws {
        var errors: [Double] = [], apart: [Double] = []
        for seed in UInt64(1)...100 {
            var random = SplitMix64(seed: seed &* 104_729)
            let resting = Double.random(in: 1_800...2_800, using: &random)
            let exercise = Double.random(in: 200...700, using: &random)
            let body = SyntheticBody(
                first: march1, count: 90, expenditureKcal: resting,
                meanIntakeKcal: resting + Double.random(in: -500...300, using: &random), startKilograms: 85, seed: seed,
                exerciseKcal: exercise)
            let last = march1.adding(days: 88)
            let estimate = try EnergyExpenditure.estimate(intakes: Self.intakes(body), trend: Self.trend(body), endingOn: last).get()
            let window = body.days.filter { $0.date > last.adding(days: -EnergyExpenditure.windowDays) && $0.date <= last }
            let windowExercise = window.reduce(0) { $0 + $1.exerciseKcal } / Double(window.count)
            errors.append(abs(estimate.expenditureKcal - (resting + windowExercise)) / (resting + windowExercise))
            #expect(
                abs(estimate.meanActiveKcal - windowExercise) < exercise * 0.15,
                "the mean of the counted days: \(estimate.meanActiveKcal) against \(windowExercise)")
            let plain = estimate.target(kilogramsPerWeek: -0.25).kcal
            let withoutExercise = estimate.target(kilogramsPerWeek: -0.25, exerciseAddedDaily: true).kcal
            apart.append(abs(withoutExercise + windowExercise - plain) / plain)
        }
        // Apart only by which days were logged (the mean exercise of those against all six weeks').
        apart.sort()
        #expect(
            apart[50] < 0.01 && apart[99] < 0.03, "grown by each day's exercise, it asks for the plain target: \(apart[50]), \(apart[99])")
        errors.sort()
        #expect(errors[50] < 0.02, "the median person within 2 %: \(errors[50])")
        #expect(errors.count { $0 < 0.05 } >= 88, "almost everyone within 5 %: \(errors.count { $0 < 0.05 }) of 100")
    }

    @Test func aSteadyScaleAndAFullDiaryGiveTheExpenditureClosely() throws {
        let body = SyntheticBody(
            first: march1, count: 90, expenditureKcal: 2_500, meanIntakeKcal: 2_000, startKilograms: 90, seed: 1,
            waterSwingKilograms: 0.2, loggedShare: 1, weighedShare: 1)
        let estimate = try EnergyExpenditure.estimate(
            intakes: Self.intakes(body), trend: Self.trend(body), endingOn: march1.adding(days: 88)
        ).get()
        #expect(abs(estimate.expenditureKcal - 2_500) < 50, "\(estimate.expenditureKcal)")
        #expect(estimate.confidence == .good && estimate.trendChangeKilograms < -2)
    }

    @Test func daysWithMealsToItemiseAreLeftOutNotCountedAsLittleEaten() throws {
        let body = SyntheticBody(
            first: march1, count: 90, expenditureKcal: 2_400, meanIntakeKcal: 2_100, startKilograms: 80, seed: 9,
            loggedShare: 1)
        let last = march1.adding(days: 88)
        // Every fourth day has a snapped meal not yet itemised: its logged energy is a third of the day's.
        let intakes = Self.intakes(body).enumerated().map { index, day in
            index % 4 == 0 ? EnergyExpenditure.Intake(date: day.date, kcal: (day.kcal ?? 0) / 3, mealsToItemise: 1) : day
        }
        let estimate = try EnergyExpenditure.estimate(intakes: intakes, trend: Self.trend(body), endingOn: last).get()
        #expect(estimate.toItemiseDays == 10 || estimate.toItemiseDays == 11)
        #expect(estimate.countedDays == EnergyExpenditure.windowDays - estimate.toItemiseDays)
        #expect(abs(estimate.expenditureKcal - 2_400) / 2_400 < 0.05)
    }

    @Test func tooLittleToGoOnSaysWhatIsMissing() {
        let body = SyntheticBody(first: march1, count: 60, expenditureKcal: 2_400, meanIntakeKcal: 2_100, startKilograms: 80, seed: 11)
        let last = march1.adding(days: 59)
        let sparse = body.days.enumerated().map { index, day in
            EnergyExpenditure.Intake(date: day.date, kcal: index % 4 == 0 ? day.intakeKcal : nil, mealsToItemise: 0)
        }
        #expect(throws: EnergyExpenditure.Shortfall.tooFewCountedDays(counted: 10)) {
            try EnergyExpenditure.estimate(intakes: sparse, trend: Self.trend(body), endingOn: last).get()
        }
        let twoWeighIns = WeightTrend(weighIns: [(last.adding(days: -20), 80), (last, 79)])
        #expect(throws: EnergyExpenditure.Shortfall.tooFewWeighIns(days: 2)) {
            try EnergyExpenditure.estimate(intakes: Self.intakes(body), trend: twoWeighIns, endingOn: last).get()
        }
        let stale = WeightTrend(weighIns: (0..<50).map { (march1.adding(days: $0), 80) })
        #expect(throws: EnergyExpenditure.Shortfall.noRecentWeighIn) {
            try EnergyExpenditure.estimate(intakes: Self.intakes(body), trend: stale, endingOn: last).get()
        }
        let floored = EnergyExpenditure(
            first: march1, last: last, expenditureKcal: 1_500, meanIntakeKcal: 1_500, trendChangeKilograms: 0,
            countedDays: 28, notLoggedDays: 0, toItemiseDays: 0, weighInDays: 28, confidence: .good)
        #expect(floored.target(kilogramsPerWeek: -0.75) == (1_200, true))
    }

    static func intakes(_ body: SyntheticBody) -> [EnergyExpenditure.Intake] {
        body.days.map {
            EnergyExpenditure.Intake(date: $0.date, kcal: $0.isLogged ? $0.intakeKcal : nil, mealsToItemise: 0, activeKcal: $0.exerciseKcal)
        }
    }

    static func trend(_ body: SyntheticBody) -> WeightTrend {
        WeightTrend(weighIns: body.days.compactMap { day in day.scaleKilograms.map { (day.date, $0) } })
    }
}
