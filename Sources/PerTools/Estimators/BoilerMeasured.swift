import PerNumbers
import PerUnits
import PerLanguage

/// What a boiler's estimate measures instead of assuming (`help planning`): the cycles by
/// the boiler water's and the feedwater's conductivities, and the condensate returned by
/// the make-up's, the condensate's and the feedwater's.
extension Boiler {
    /// The cycles measured by conductivity (boiler water over feedwater), refused unless the
    /// boiler's is above the feedwater's; nil without them, when tds must be below maxtds.
    package static func measuredCycles(_ inputs: ResolvedInputs) throws(EstimateError) -> Number? {
        guard let boilerConductivity = inputs.optionalNumber(Input.boilerConductivity) else {
            let tds = try inputs.number(Input.tds), maxTDS = try inputs.number(Input.maxtds)
            guard tds < maxTDS else {
                // A maxtds that follows the pressure says so, and blames the pressure.
                let follows = inputs.isGiven(Input.maxtds) ? nil : inputs.optionalNumber(Input.pressure).flatMap { followingDefaults[0].value($0)?.follows }
                throw .rule(key: Input.tds, message: "tds (\(EstimateFormat.ungrouped(tds)) ppm) must be below maxtds (\(EstimateFormat.ungrouped(maxTDS)) ppm\(follows.map { ", " + $0 } ?? "")): no blowdown can hold the boiler at its limit", others: [follows == nil ? Input.maxtds : Input.pressure])
            }
            return nil
        }
        let feed = try inputs.number(Input.feedConductivity)
        guard boilerConductivity > feed else {
            throw .rule(key: Input.boilerConductivity, message: "boiler_conductivity (\(EstimateFormat.ungrouped(boilerConductivity)) µS/cm) must be above feed_conductivity (\(EstimateFormat.ungrouped(feed)) µS/cm): the boiler concentrates the feedwater", others: [Input.feedConductivity])
        }
        return try formulas { () throws(ArithmeticError) in try Conductivity.cycles(concentrated: boilerConductivity, source: feed) }
    }

    /// The condensate as a share of the steam, and the return measured as a share of the
    /// feedwater when the conductivities give it.
    package struct Condensate {
        package let share: Number
        package let measuredReturn: Number?
    }

    /// The condensate as given, or measured by the make-up's, the condensate's and the
    /// feedwater's conductivities, refused when they cannot be a mix or give more than the steam.
    package static func condensate(_ inputs: ResolvedInputs, measuredCycles cycles: Number?) throws(EstimateError) -> Condensate {
        guard let makeup = inputs.optionalNumber(Input.makeupConductivity) else {
            return Condensate(share: try inputs.fraction(Input.condensate), measuredReturn: nil)
        }
        let feed = try inputs.number(Input.feedConductivity), returned = try inputs.number(Input.condensateConductivity)
        guard makeup > feed, feed > returned else {
            throw .rule(key: Input.makeupConductivity, message: "the feedwater's conductivity (\(EstimateFormat.ungrouped(feed)) µS/cm) must lie between the condensate's (\(EstimateFormat.ungrouped(returned))) and the make-up's (\(EstimateFormat.ungrouped(makeup))): the feedwater is a mix of the two", others: [Input.feedConductivity, Input.condensateConductivity])
        }
        let r = try formulas { () throws(ArithmeticError) in try condensateReturn(makeup: makeup, feed: feed, condensate: returned) }
        let share: Number
        if let cycles {
            share = try formulas { () throws(ArithmeticError) in try condensateShare(returnFraction: r, cycles: cycles) }
        } else {
            let tds = try inputs.number(Input.tds), maxTDS = try inputs.number(Input.maxtds)
            share = try formulas { () throws(ArithmeticError) in try condensateShare(returnFraction: r, tds: tds, maxTDS: maxTDS) }
        }
        guard share < 1 else {
            throw .rule(key: Input.makeupConductivity, message: "the conductivities give more condensate than steam: check them",
                        others: [Input.feedConductivity, Input.condensateConductivity])
        }
        return Condensate(share: share, measuredReturn: r)
    }
}
