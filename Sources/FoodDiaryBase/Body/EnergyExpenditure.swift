/// What a person's body burns a day, estimated by energy balance from their own diary: over a
/// window of days, the mean energy logged on complete days minus the energy the weight trend's
/// change stored or released, at 7,700 kcal a kilogram:
///
///     expenditure = mean intake − (trend slope in kg a day × 7,700)
///
/// A day counts only when it has meals and none waits to be itemised: a day not logged, or logged
/// in part, would read as eating less and burning less. The slope is fitted by least squares to
/// the trend across the window, so neither end's weigh-in decides it alone.
///
/// The estimate holds all a body burned, the exercise of those weeks included. For a person whose
/// goal grows by each day's logged exercise, the target leaves out the window's mean exercise
/// (`withoutExerciseKcal`): adding a day's exercise to the whole estimate would count a usual
/// week's exercise twice.
public struct EnergyExpenditure: Sendable, Equatable {
    public static let kilocaloriesPerKilogram = 7_700.0
    /// Six weeks, the longest the method is usually given: on 200 synthetic people (a day's water
    /// swinging the scale by 0.6 kg, one day in ten not logged) four weeks missed their true
    /// expenditure by more than 5 % one time in six, six weeks one time in eleven.
    public static let windowDays = 42
    /// Fewer complete days than two weeks give no estimate at all.
    public static let minimumCountedDays = 14
    /// Weigh-ins on fewer days than this in the window give no estimate.
    public static let minimumWeighInDays = 4
    /// A suggested target never goes below this, whatever the chosen rate.
    public static let lowestSuggestedKcal = 1_200.0

    /// One day of the window as the diary has it.
    public struct Intake: Sendable, Equatable {
        public let date: LocalDate
        /// Energy of the day's itemised meals; nil when nothing was logged.
        public let kcal: Double?
        /// Meals on that day still waiting to be itemised.
        public let mealsToItemise: Int
        /// Energy burned by the day's logged exercise, above rest.
        public let activeKcal: Double

        public init(date: LocalDate, kcal: Double?, mealsToItemise: Int, activeKcal: Double = 0) {
            (self.date, self.kcal, self.mealsToItemise, self.activeKcal) = (date, kcal, mealsToItemise, activeKcal)
        }

        var isCounted: Bool { kcal != nil && mealsToItemise == 0 }
    }

    public enum Confidence: String, Sendable { case good, fair }

    /// Why there is no estimate yet, with what is known so far.
    public enum Shortfall: Error, Sendable, Equatable {
        case tooFewCountedDays(counted: Int)
        case tooFewWeighIns(days: Int)
        case noRecentWeighIn
    }

    public let first: LocalDate
    public let last: LocalDate
    public let expenditureKcal: Double
    public let meanIntakeKcal: Double
    /// The mean energy of logged exercise on the counted days, part of `expenditureKcal`.
    public let meanActiveKcal: Double
    /// The trend's change across the window, from its fitted slope.
    public let trendChangeKilograms: Double
    public let countedDays: Int
    public let notLoggedDays: Int
    public let toItemiseDays: Int
    public let weighInDays: Int
    public let confidence: Confidence

    package init(
        first: LocalDate, last: LocalDate, expenditureKcal: Double, meanIntakeKcal: Double, meanActiveKcal: Double = 0,
        trendChangeKilograms: Double, countedDays: Int, notLoggedDays: Int, toItemiseDays: Int, weighInDays: Int, confidence: Confidence
    ) {
        (self.first, self.last, self.expenditureKcal, self.meanIntakeKcal) = (first, last, expenditureKcal, meanIntakeKcal)
        self.meanActiveKcal = meanActiveKcal
        (self.trendChangeKilograms, self.countedDays, self.notLoggedDays) = (trendChangeKilograms, countedDays, notLoggedDays)
        (self.toItemiseDays, self.weighInDays, self.confidence) = (toItemiseDays, weighInDays, confidence)
    }

    /// The estimate over the `windowDays` ending on `last` (yesterday: today is still being logged).
    public static func estimate(
        intakes: [Intake], trend: WeightTrend, endingOn last: LocalDate,
        windowDays: Int = windowDays
    ) -> Result<EnergyExpenditure, Shortfall> {
        let first = last.adding(days: -(windowDays - 1))
        let window = intakes.filter { $0.date >= first && $0.date <= last }
        let counted = window.filter(\.isCounted)
        let toItemise = window.count { $0.mealsToItemise > 0 }
        let notLogged = windowDays - counted.count - toItemise
        let weighInDays = trend.days.count { $0.date >= first && $0.date <= last && $0.weighedKilograms != nil }
        guard let latest = trend.latest, latest.date.days(to: last) < 7 else { return .failure(.noRecentWeighIn) }
        guard weighInDays >= minimumWeighInDays else { return .failure(.tooFewWeighIns(days: weighInDays)) }
        guard counted.count >= minimumCountedDays else { return .failure(.tooFewCountedDays(counted: counted.count)) }
        var trendValues: [Double] = []
        var date = max(first, trend.days.first?.date ?? first)
        while date <= last, let value = trend.trend(on: date) {
            trendValues.append(value)
            date = date.next
        }
        guard let slope = WeightTrend.slopePerDay(trendValues) else { return .failure(.tooFewWeighIns(days: weighInDays)) }
        let meanIntake = counted.reduce(0) { $0 + ($1.kcal ?? 0) } / Double(counted.count)
        let meanActive = counted.reduce(0) { $0 + $1.activeKcal } / Double(counted.count)
        let goodCover = counted.count * 5 >= windowDays * 4 && weighInDays * 3 >= windowDays
        return .success(
            EnergyExpenditure(
                first: first, last: last, expenditureKcal: meanIntake - slope * kilocaloriesPerKilogram,
                meanIntakeKcal: meanIntake, meanActiveKcal: meanActive, trendChangeKilograms: slope * Double(windowDays - 1),
                countedDays: counted.count, notLoggedDays: notLogged, toItemiseDays: toItemise,
                weighInDays: weighInDays, confidence: goodCover ? .good : .fair))
    }

    /// The expenditure to the 10 kcal a page shows it to: a finer figure would claim more than it knows.
    public var shownKcal: Double { (expenditureKcal / 10).rounded() * 10 }

    /// What the body burned a day apart from logged exercise.
    public var withoutExerciseKcal: Double { expenditureKcal - meanActiveKcal }

    /// A daily energy target for losing (negative) or gaining `kilogramsPerWeek`, never below
    /// `lowestSuggestedKcal`, rounded to 10 kcal. `exerciseAddedDaily`: each day's goal will grow
    /// by that day's exercise, so the target leaves out the exercise the estimate holds.
    public func target(kilogramsPerWeek rate: Double, exerciseAddedDaily: Bool = false) -> (kcal: Double, isFloored: Bool) {
        let exact = (exerciseAddedDaily ? withoutExerciseKcal : expenditureKcal) + rate * Self.kilocaloriesPerKilogram / 7
        let floored = max(exact, Self.lowestSuggestedKcal)
        return ((floored / 10).rounded() * 10, exact < Self.lowestSuggestedKcal)
    }
}
