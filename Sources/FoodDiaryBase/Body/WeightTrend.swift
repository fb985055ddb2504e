/// A weight trend as The Hacker's Diet draws it: each day's trend moves a tenth of the way from
/// the day before's towards that day's weight, so a litre of water gained or lost overnight moves
/// it by 100 g, not a kilogram. Several weigh-ins on one day count as their mean; a day without one
/// takes the weight on a straight line between the weigh-ins either side of it. The trend ends at
/// the last weigh-in: nothing is guessed past it.
public struct WeightTrend: Sendable, Equatable {
    /// The fraction of the way the trend moves each day (Hacker's Diet: 10 %).
    public static let smoothing = 0.1
    /// The weekly rate is the slope of the trend over this many days, fitted by least squares.
    public static let rateDays = 14

    public struct Day: Sendable, Equatable {
        public let date: LocalDate
        public let trendKilograms: Double
        /// The day's mean weigh-in; nil on a day filled in between two.
        public let weighedKilograms: Double?
        /// How many weigh-ins that mean is of.
        public var weighInCount = 0
    }

    /// Every day from the first weigh-in through the last, oldest first.
    public let days: [Day]

    public init(weighIns: [(date: LocalDate, kilograms: Double)]) {
        var sums: [LocalDate: (total: Double, count: Int)] = [:]
        for weighIn in weighIns where weighIn.kilograms.isFinite && weighIn.kilograms > 0 {
            sums[weighIn.date, default: (0, 0)].total += weighIn.kilograms
            sums[weighIn.date, default: (0, 0)].count += 1
        }
        let means = sums.map { (date: $0.key, kilograms: $0.value.total / Double($0.value.count), count: $0.value.count) }.sorted {
            $0.date < $1.date
        }
        guard let first = means.first else {
            days = []
            return
        }
        var days: [Day] = []
        var trend = first.kilograms
        for (index, weighed) in means.enumerated() {
            if index > 0 {
                let before = means[index - 1]
                let gap = before.date.days(to: weighed.date)
                var date = before.date.next
                for step in 1..<gap {
                    let filled = before.kilograms + (weighed.kilograms - before.kilograms) * Double(step) / Double(gap)
                    trend += Self.smoothing * (filled - trend)
                    days.append(Day(date: date, trendKilograms: trend, weighedKilograms: nil))
                    date = date.next
                }
                trend += Self.smoothing * (weighed.kilograms - trend)
            }
            days.append(Day(date: weighed.date, trendKilograms: trend, weighedKilograms: weighed.kilograms, weighInCount: weighed.count))
        }
        self.days = days
    }

    public var latest: Day? { days.last }

    /// The trend on `date`: the last trend for a day after the last weigh-in, nil before the first.
    public func trend(on date: LocalDate) -> Double? {
        guard let first = days.first, date >= first.date else { return nil }
        let index = first.date.days(to: date)
        return index < days.count ? days[index].trendKilograms : days.last?.trendKilograms
    }

    /// Kilograms a week the trend moved over the `rateDays` before its end; nil until it spans a week.
    public var weeklyRateKilograms: Double? {
        let recent = days.suffix(Self.rateDays)
        guard recent.count >= 8 else { return nil }
        return Self.slopePerDay(recent.map(\.trendKilograms)).map { $0 * 7 }
    }

    /// The least-squares slope of `values` taken one a day.
    package static func slopePerDay(_ values: [Double]) -> Double? {
        guard values.count >= 2 else { return nil }
        let count = Double(values.count)
        let meanX = (count - 1) / 2
        let meanY = values.reduce(0, +) / count
        var covariance = 0.0, variance = 0.0
        for (index, value) in values.enumerated() {
            let dx = Double(index) - meanX
            covariance += dx * (value - meanY)
            variance += dx * dx
        }
        return covariance / variance
    }
}
