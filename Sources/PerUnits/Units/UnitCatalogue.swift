/// The catalogue of units: one line for every name a unit is written with, sorted by the
/// name with ASCII letters in lower case (then as written), so that a name is found by a
/// binary search of this text and nothing is built before a unit is named (`UnitTable`).
/// A test keeps it sorted and checks every line reads.
///
/// A line is `NAME | DEFINITION` or `NAME | DEFINITION | OPTIONS`:
/// - `= UNIT`: another name of `UNIT`, which may be compound (`tph | = t/h`);
/// - `* DIMENSION [FACTOR]`: a base unit of a dimension (`g | * mass`);
/// - `NUMBER UNIT`: a unit of its own, `NUMBER` of `UNIT` (`lb | 0.45359237 kg`). `NUMBER`
///   is decimals joined by `*` and `/` (`365/12`), and `UNIT` names joined by `*` and `/`
///   with `^` powers (`g*m^2/s^2`), or nothing for a plain number (`% | 1/100`).
/// The name of a unit's own line is its symbol, how it is shown. Options: `singular=NAME`
/// (`day` for `days`); `list`, shown by `help units` and completion; `point=NUMBER`, a
/// temperature scale whose zero is `NUMBER` kelvin (`°C | 1 ΔK | point=273.15`);
/// `difference`, a temperature difference; `gauge` and `absolute`, a pressure read against
/// the atmosphere or against vacuum; `pi=N`, a power of π besides the factor (the radian).
///
/// A name with a capital letter is read as written, or in another case where no other
/// unit has it (`KW`, `Kg`), never a prefix's case for another's (`mW` is not `MW`);
/// a name in lower case (`pound`) is read in any case.
///
/// The factors are the legal definitions, as fractions: the international avoirdupois
/// pound is exactly 453.59237 g and the ounce 1/16 of it; the inch is exactly 25.4 mm and
/// the foot 12 inches; the US gallon is exactly 231 in³ = 3.785411784 L, with qt = gal/4,
/// pt = gal/8, cup = gal/16, fl oz = gal/128; the imperial gallon is exactly 4.54609 L (UK
/// Weights and Measures Act 1985), imp pt = gal/8 and imp fl oz = gal/160; the year is 365
/// days and the month a twelfth of it. The square foot is exactly 0.3048² = 0.09290304 m²
/// and the acre 43,560 square feet = 4046.8564224 m² (international foot, NIST Handbook 44
/// Appendix C), the hectare 10,000 m². A psi is 0.45359237 kg × 9.80665 m/s² over
/// (0.0254 m)². Temperature scales are points: kelvin = °C + 273.15 = (°F + 459.67) × 5/9;
/// their differences are units of their own (`Δ°C`, `Δ°F`, `ΔK`). Hardness is in mmol/L
/// of CaCO₃ (1 mmol/L = 1 mol/m³), with °dH = 0.178325 mmol/L, °fH = 0.0999132 mmol/L, and
/// gpg (17.1181 mg/L) and Clark (°e, 14.2538 mg/L) as CaCO₃ at 100.0869 mg per mmol
/// (`help dose`, after DETERGO). Conductance is in siemens, for the conductivity of water
/// in µS/cm (`us` too, as keyboards without µ write it).
enum UnitCatalogue {
    static let text = """
        % | 1/100 | list
        acre | = acres
        acres | 43560 ft^2 | list singular=acre
        bag | = bags
        bags | 1 items | list singular=bag
        bar | 100000 Pa | list
        bara | 1 bar | list absolute
        barg | 1 bar | list gauge
        bars | = bar
        c | = °C
        cc | = ml
        celsius | = °C
        centiliter | = cl
        centiliters | = cl
        centilitre | = cl
        centilitres | = cl
        centimeter | = cm
        centimeters | = cm
        centimetre | = cm
        centimetres | = cm
        cl | 1/100 L | list
        clark | = °Clark
        cm | 1/100 m | list
        cm2 | = cm²
        cmh | = m3/h
        cm² | 1 cm^2 | list
        count | = items
        ct | = items
        cu ft | 1 ft^3 | list
        cubic feet | = cu ft
        cubic foot | = cu ft
        cubic meter | = m3
        cubic meters | = m3
        cubic metre | = m3
        cubic metres | = m3
        cuft | = cu ft
        cup | = cups
        cups | 1/16 gal | list singular=cup
        day | = days
        days | 86400 s | list singular=day
        deciliter | = dl
        deciliters | = dl
        decilitre | = dl
        decilitres | = dl
        deg | = °
        deg c | = °C
        deg f | = °F
        degc | = °C
        degf | = °F
        degree | = °
        degrees | = °
        dh | = °dH
        dl | 1/10 L | list
        ea | = items
        each | = items
        f | = °F
        fahrenheit | = °F
        feet | = ft
        fh | = °fH
        fl oz | 1/128 gal | list
        floz | = fl oz
        fluid ounce | = fl oz
        fluid ounces | = fl oz
        foot | = ft
        ft | 12 inch | list
        ft2 | = sq ft
        ft3 | = cu ft
        g | * mass | list
        gal | 231 inch^3 | list
        gallon | = gal
        gallons | = gal
        gh | = °dH
        gigajoule | = GJ
        gigajoules | = GJ
        GJ | 1000000000 J | list
        gpg | 17.1181/100.0869 mmol/L | list
        gpm | 1 gal/min | list
        gram | = g
        gramme | = g
        grammes | = g
        grams | = g
        h | 3600 s | list
        ha | 10000 m^2 | list
        hectare | = ha
        hectares | = ha
        hectoliter | = hl
        hectoliters | = hl
        hectolitre | = hl
        hectolitres | = hl
        hl | 100 L | list
        hour | = h
        hours | = h
        hr | = h
        hrs | = h
        imp fl oz | 1/160 imp gal | list
        imp floz | = imp fl oz
        imp fluid ounce | = imp fl oz
        imp fluid ounces | = imp fl oz
        imp gal | 4.54609 L | list
        imp gallon | = imp gal
        imp gallons | = imp gal
        imp pint | = imp pt
        imp pints | = imp pt
        imp pt | 1/8 imp gal | list
        imperial fl oz | = imp fl oz
        imperial floz | = imp fl oz
        imperial fluid ounce | = imp fl oz
        imperial fluid ounces | = imp fl oz
        imperial gal | = imp gal
        imperial gallon | = imp gal
        imperial gallons | = imp gal
        imperial pint | = imp pt
        imperial pints | = imp pt
        imperial pt | = imp pt
        inch | 0.0254 m | list
        inches | = inch
        item | = items
        items | * count | list singular=item
        J | 1000 g*m^2/s^2 | list
        joule | = J
        joules | = J
        K | 1 ΔK | list point=0
        kelvin | = K
        kg | 1000 g | list
        kgh | = kg/h
        kgs | = kg
        kilo | = kg
        kilogram | = kg
        kilogramme | = kg
        kilogrammes | = kg
        kilograms | = kg
        kilojoule | = kJ
        kilojoules | = kJ
        kilometer | = km
        kilometers | = km
        kilometre | = km
        kilometres | = km
        kilopascal | = kPa
        kilopascals | = kPa
        kilos | = kg
        kilowatt | = kW
        kilowatt hour | = kWh
        kilowatt hours | = kWh
        kilowatt-hour | = kWh
        kilowatt-hours | = kWh
        kilowatts | = kW
        kJ | 1000 J | list
        km | 1000 m | list
        km2 | = km²
        km² | 1 km^2 | list
        kPa | 1000 Pa | list
        kW | 1000 W | list
        kWh | 3600000 J | list
        L | 1/1000 m^3 | list
        lb | 0.45359237 kg | list
        lbs | = lb
        liter | = L
        liters | = L
        litre | = L
        litres | = L
        load | = loads
        loads | 1 items | list singular=load
        lpm | = l/min
        lps | = l/s
        lt | = L
        ltr | = L
        m | * length | list
        m2 | = m²
        m3 | 1 m^3 | list
        megajoule | = MJ
        megajoules | = MJ
        megapascal | = MPa
        megapascals | = MPa
        megawatt | = MW
        megawatt hour | = MWh
        megawatt hours | = MWh
        megawatt-hour | = MWh
        megawatt-hours | = MWh
        megawatts | = MW
        meter | = m
        meters | = m
        metre | = m
        metres | = m
        metric ton | = t
        metric tons | = t
        mg | 1/1000 g | list
        microliter | = µl
        microliters | = µl
        microlitre | = µl
        microlitres | = µl
        microsiemens | = µS
        milligram | = mg
        milligramme | = mg
        milligrammes | = mg
        milligrams | = mg
        milliliter | = ml
        milliliters | = ml
        millilitre | = ml
        millilitres | = ml
        millimeter | = mm
        millimeters | = mm
        millimetre | = mm
        millimetres | = mm
        millimole | = mmol
        millimoles | = mmol
        millisecond | = ms
        milliseconds | = ms
        min | 60 s | list
        mins | = min
        minute | = min
        minutes | = min
        MJ | 1000000 J | list
        ml | 1/1000 L | list
        mm | 1/1000 m | list
        mmol | 1/1000 mol | list
        mol | * substance | list
        mole | = mol
        moles | = mol
        month | = months
        months | 365/12 days | list singular=month
        MPa | 1000000 Pa | list
        ms | 1/1000 s | list
        msec | = ms
        msecs | = ms
        MW | 1000000 W | list
        MWh | 3600000000 J | list
        m² | 1 m^2 | list
        m³ | = m3
        ounce | = oz
        ounces | = oz
        oz | 1/16 lb | list
        Pa | 1000 g/m/s^2 | list
        pascal | = Pa
        pascals | = Pa
        pc | = pcs
        pcs | 1 items | list singular=pc
        percent | = %
        piece | = pcs
        pieces | = pcs
        pint | = pt
        pints | = pt
        pod | = pods
        pods | 1 items | list singular=pod
        pound | = lb
        pounds | = lb
        ppb | 1/1000000000 | list
        pph | = lb/h
        ppm | 1/1000000 | list
        psi | 0.45359237*9.80665/0.00064516 Pa | list
        psia | 1 psi | list absolute
        psig | 1 psi | list gauge
        pt | 1/8 gal | list
        qt | 1/4 gal | list
        quart | = qt
        quarts | = qt
        rad | 180 ° | list pi=-1
        radian | = rad
        radians | = rad
        roll | = rolls
        rolls | 1 items | list singular=roll
        s | * time | list
        sec | = s
        second | = s
        seconds | = s
        secs | = s
        sheet | = sheets
        sheets | 1 items | list singular=sheet
        sq cm | = cm²
        sq ft | 1 ft^2 | list
        sq in | 1 inch^2 | list
        sq km | = km²
        sq m | = m²
        sqft | = sq ft
        sqin | = sq in
        sqm | = m²
        square centimeter | = cm²
        square centimeters | = cm²
        square centimetre | = cm²
        square centimetres | = cm²
        square feet | = sq ft
        square foot | = sq ft
        square inch | = sq in
        square inches | = sq in
        square kilometer | = km²
        square kilometers | = km²
        square kilometre | = km²
        square kilometres | = km²
        square meter | = m²
        square meters | = m²
        square metre | = m²
        square metres | = m²
        t | 1000 kg | list
        tab | = tabs
        tablet | = tabs
        tablets | = tabs
        tabs | 1 items | list singular=tab
        tonne | = t
        tonnes | = t
        tph | = t/h
        uk fl oz | = imp fl oz
        uk floz | = imp fl oz
        uk fluid ounce | = imp fl oz
        uk fluid ounces | = imp fl oz
        uk gal | = imp gal
        uk gallon | = imp gal
        uk gallons | = imp gal
        uk pint | = imp pt
        uk pints | = imp pt
        uk pt | = imp pt
        ul | = µl
        us | = µS
        us cup | = cups
        us cups | = cups
        us fl oz | = fl oz
        us floz | = fl oz
        us gal | = gal
        us gallon | = gal
        us gallons | = gal
        us pint | = pt
        us pints | = pt
        us pt | = pt
        us qt | = qt
        us quart | = qt
        us quarts | = qt
        usgpm | = gpm
        W | 1 J/s | list
        watt | = W
        watts | = W
        week | = weeks
        weeks | 7 days | list singular=week
        wk | = weeks
        wks | = weeks
        year | = years
        years | 365 days | list singular=year
        yr | = years
        yrs | = years
        ° | * angle | list
        °C | 1 ΔK | list point=273.15
        °Clark | 14.2538/100.0869 mmol/L | list
        °dH | 0.178325 mmol/L | list
        °e | = °Clark
        °F | 5/9 ΔK | list point=459.67*5/9
        °fH | 0.0999132 mmol/L | list
        °gh | = °dH
        µl | 1/1000000 L | list
        µS | * conductance 1/1000000 | list
        ΔK | * temperature | list difference
        Δ°C | 1 ΔK | list difference
        Δ°F | 5/9 ΔK | list difference
        δc | = Δ°C
        δdegc | = Δ°C
        δdegf | = Δ°F
        δf | = Δ°F
        δk | = ΔK
        δ°c | = Δ°C
        δ°f | = Δ°F
        μl | = µl
        μs | = µS
        """
}
