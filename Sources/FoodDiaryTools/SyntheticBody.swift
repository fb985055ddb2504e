import FoodDiaryBase
import Foundation

/// A person whose body burns a known amount a day: what they eat, what they weigh, and what the
/// scale says. Their weight moves by energy balance at 7,700 kcal a kilogram; the scale adds a
/// day's water, up to a kilogram either way. The demo diary draws its weigh-ins from one, and the
/// tests check the expenditure estimate against the amount it was made with.
package struct SyntheticBody {
    package struct Day {
        package let date: LocalDate
        /// What was eaten; logged or not.
        package let intakeKcal: Double
        /// Whether the day's food is in the diary.
        package let isLogged: Bool
        /// The scale's reading, on days weighed.
        package let scaleKilograms: Double?
        /// The weight without the day's water.
        package let trueKilograms: Double
        /// Energy burned by the day's exercise, above rest, logged with the day's food.
        package let exerciseKcal: Double
    }

    package let days: [Day]

    /// `expenditureKcal` a day; meals around `meanIntakeKcal`, spread by `intakeSpread`; a share
    /// of days logged and weighed. `exerciseKcal` more burned on three days of each week, of which
    /// the person eats back `eatenBack` that day.
    package init(
        first: LocalDate, count: Int, expenditureKcal: Double, meanIntakeKcal: Double, startKilograms: Double,
        seed: UInt64, intakeSpread: Double = 350, waterSwingKilograms: Double = 0.6, loggedShare: Double = 0.9,
        weighedShare: Double = 0.8, exerciseKcal: Double = 0, eatenBack: Double = 0.5
    ) {
        var random = SplitMix64(seed: seed)
        var weight = startKilograms
        var days: [Day] = []
        var date = first
        for index in 0..<count {
            let exercise = [1, 3, 5].contains(index % 7) ? exerciseKcal : 0
            let intake = max(800, meanIntakeKcal + Self.normal(&random) * intakeSpread) + exercise * eatenBack
            let weighed = Double.random(in: 0..<1, using: &random) < weighedShare
            let swing = max(-1, min(1, Self.normal(&random) * waterSwingKilograms))
            days.append(
                Day(
                    date: date, intakeKcal: intake, isLogged: Double.random(in: 0..<1, using: &random) < loggedShare,
                    scaleKilograms: weighed ? weight + swing : nil, trueKilograms: weight, exerciseKcal: exercise))
            weight += (intake - expenditureKcal - exercise) / 7_700
            date = date.next
        }
        self.days = days
    }

    /// A standard normal draw (Box–Muller).
    private static func normal(_ random: inout SplitMix64) -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &random), v = Double.random(in: 0..<1, using: &random)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
