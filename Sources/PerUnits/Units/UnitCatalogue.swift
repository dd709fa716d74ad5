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
/// The name of a unit's own line is its symbol, how it is shown. `? READING, READING`: a
/// word that reads several ways, refused with its readings (`ton`). Options: `si`, `si+`,
/// `binary`: the prefixes the unit takes (`UnitPrefix`); `exact`: read only in the case
/// written (`b` is no byte, `a` and `n` stay names); `singular=NAME`
/// (`day` for `days`); `point=NUMBER`, a
/// temperature scale whose zero is `NUMBER` kelvin (`°C | 1 ΔK | point=273.15`);
/// `difference`, a temperature difference; `gauge` and `absolute`, a pressure read against
/// the atmosphere or against vacuum; `turns`, a rate of revolutions, which converts to
/// an angle per time at 360° a turn (`rpm` to `rad/s`); `pi=N`, a power of π besides the factor (the radian).
///
/// A name with a capital letter is read as written, or in another case where no other
/// unit has it (`KW`, `Kg`), never a prefix's case for another's (`mW` is not `MW`, and
/// a capital M is never milli: `MM` is not `mm`);
/// a name in lower case (`pound`) is read in any case.
///
/// The factors are the legal definitions, as fractions: the international avoirdupois
/// pound is exactly 453.59237 g and the ounce 1/16 of it; the yard is exactly 0.9144 m, the
/// foot 0.3048 m, the inch 25.4 mm and the mile 1609.344 m (the 1959 international yard, HB44
/// C; written in metres, not in each other, so a conversion makes fewer units); the US gallon is exactly 231 in³ = 3.785411784 L, with qt = gal/4,
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
/// in µS/cm (`uS` too, as keyboards without µ write it; `us` is the microsecond, by the
/// prefix rule, as computing writes it).
enum UnitCatalogue {
    static let text = """
        % | 1/100
        A | * current | si exact
        acre | = acres
        acre-feet | = acre-ft
        acre-foot | = acre-ft
        acre-ft | 1 acres*ft
        acres | 43560 ft^2 | singular=acre
        Ah | 1 A*h | si
        amp | = A
        amp hour | = Ah
        amp hours | = Ah
        amp-hour | = Ah
        amp-hours | = Ah
        ampere | = A
        amperes | = A
        amps | = A
        angstrom | 1/10000000000 m
        angstroms | = angstrom
        arcmin | 1/60 °
        arcminute | = arcmin
        arcminutes | = arcmin
        arcsec | 1/60 arcmin
        arcsecond | = arcsec
        arcseconds | = arcsec
        astronomical unit | = au
        astronomical units | = au
        atm | 101325 Pa
        atmosphere | = atm
        atmospheres | = atm
        au | 149597870700 m
        B | 8 bit | si+ binary exact
        bag | = bags
        bags | 1 items | singular=bag
        bar | 100000 Pa | si
        bara | 1 bar | absolute
        barg | 1 bar | gauge
        barrel | = bbl
        barrels | = bbl
        bars | = bar
        bbl | 42 gal
        bbls | = bbl
        bhp | 33475 BTU/h
        bit | * information | si+ binary
        bits | = bit
        board feet | = board foot
        board foot | 144 inch^3
        boiler horsepower | = bhp
        boiler hp | = bhp
        bps | 1 bit/s
        BTU | 1055.05585262 J
        BTUs | = BTU
        bu | = bushel
        bushel | 2150.42 inch^3
        bushels | = bushel
        byte | = B
        bytes | = B
        C | ? coulomb, °C
        c | = °C
        Cal | 1 kcal
        cal | 4.184 J
        Calorie | = Cal
        calorie | = cal
        Calories | = Cal
        calories | = cal
        carat | 1/5 g
        carats | = carat
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
        centuries | 100 years | singular=century
        century | = centuries
        cfm | 1 cu ft/min
        cfs | 1 cu ft/s
        chain | 66 ft
        chains | = chain
        cl | 1/100 L
        clark | = °Clark
        cm | 1/100 m
        cm2 | = cm²
        cm3 | = ml
        cmh | = m3/h
        cmH2O | 10 mmH2O
        cm² | 1 cm^2
        cord | 128 ft^3
        cords | = cord
        coulomb | 1 A*s
        coulombs | = coulomb
        count | = items
        ct | = items
        cu ft | 1 ft^3
        cu in | 1 inch^3
        cu m | = m3
        cu yd | 1 yd^3
        cubic centimeter | = cm3
        cubic centimeters | = cm3
        cubic centimetre | = cm3
        cubic centimetres | = cm3
        cubic feet | = cu ft
        cubic foot | = cu ft
        cubic inch | = cu in
        cubic inches | = cu in
        cubic meter | = m3
        cubic meters | = m3
        cubic metre | = m3
        cubic metres | = m3
        cubic yard | = cu yd
        cubic yards | = cu yd
        cuft | = cu ft
        cumec | 1 m3/s
        cumecs | = cumec
        cup | = cups
        cups | 1/16 gal | singular=cup
        cwt | ? short hundredweight, long hundredweight
        d | = days
        day | = days
        days | 86400 s | singular=day
        decade | = decades
        decades | 10 years | singular=decade
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
        degree c | = °C
        degree f | = °F
        degrees | = °
        degrees c | = °C
        degrees f | = °F
        dekatherm | 10 therm
        dekatherms | = dekatherm
        dh | = °dH
        dl | 1/10 L
        doz | = dozen
        dozen | 12 items
        dozens | = dozen
        dr ap | 60 gr
        dr avdp | 1/16 oz
        dram | ? dr avdp (avoirdupois dram), dr ap (apothecaries' dram)
        dry pint | 1/64 bushel
        dry quart | 1/32 bushel
        Dth | = dekatherm
        dunam | 1000 m^2
        dunams | = dunam
        dwt | = pennyweight
        dyn | 1/100000 N
        dyne | = dyn
        dynes | = dyn
        dz | = dozen
        ea | = items
        each | = items
        Eb | ? exabit (Ebit), exabyte (EB) | exact
        ec therm | 105506000 J
        ec therms | = ec therm
        Eib | ? exbibit (Eibit), exbibyte (EiB) | exact
        electrical horsepower | 746 W
        electronvolt | = eV
        electronvolts | = eV
        erg | 1/10000000 J
        ergs | = erg
        eV | 1.602176634/1000000000/10000000000 J | si
        f | = °F
        fahrenheit | = °F
        fathom | 6 ft
        fathoms | = fathom
        feet | = ft
        fh | = °fH
        fl dr | = fluid dram
        fl oz | 1/128 gal
        floz | = fl oz
        fluid dram | 1/8 fl oz
        fluid drams | = fluid dram
        fluid ounce | = fl oz
        fluid ounces | = fl oz
        foot | = ft
        foot-pound | = ft-lb
        foot-pounds | = ft-lb
        fortnight | = fortnights
        fortnights | 14 days | singular=fortnight
        ft | 0.3048 m
        ft-lb | 1 ft*lbf
        ft2 | = sq ft
        ft3 | = cu ft
        ftH2O | 12 inH2O
        furlong | 660 ft
        furlongs | = furlong
        g | * mass | si exact
        gal | 231 inch^3
        gallon | = gal
        gallons | = gal
        Gb | ? gigabit (Gbit), gigabyte (GB) | exact
        Gbps | 1 Gbit/s | exact
        gf | 1/1000 kgf
        gh | = °dH
        Gib | ? gibibit (Gibit), gibibyte (GiB) | exact
        gigajoule | = GJ
        gigajoules | = GJ
        gill | 1/4 pt
        gills | = gill
        GJ | 1000000000 J
        gon | 9/10 °
        gpd | 1 gal/days
        gpg | 17.1181/100.0869 mmol/L
        gph | 1 gal/h
        gpm | 1 gal/min
        gr | 64.79891 mg
        grad | = gon
        gradian | = gon
        gradians | = gon
        grain | = gr
        grain per gallon | = gpg
        grains | = gr
        grains per gallon | = gpg
        gram | = g
        gramme | = g
        grammes | = g
        grams | = g
        gross | 144 items
        h | 3600 s | exact
        ha | 10000 m^2
        hectare | = ha
        hectares | = ha
        hectoliter | = hl
        hectoliters | = hl
        hectolitre | = hl
        hectolitres | = hl
        hertz | = Hz
        hl | 100 L
        hogshead | 63 gal
        hogsheads | = hogshead
        horsepower | = hp
        hour | = h
        hours | = h
        hp | 550 ft*lbf/s
        hr | = h
        hrs | = h
        hundredweight | ? short hundredweight, long hundredweight
        Hz | 1 s^-1 | si
        imp bushel | 8 imp gal
        imp fl oz | 1/160 imp gal
        imp floz | = imp fl oz
        imp fluid ounce | = imp fl oz
        imp fluid ounces | = imp fl oz
        imp gal | 4.54609 L
        imp gallon | = imp gal
        imp gallons | = imp gal
        imp gill | 1/4 imp pt
        imp mpg | 1 mi/imp gal
        imp pint | = imp pt
        imp pints | = imp pt
        imp pt | 1/8 imp gal
        imp qt | 1/4 imp gal
        imp quart | = imp qt
        imp quarts | = imp qt
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
        imperial qt | = imp qt
        imperial quart | = imp qt
        imperial quarts | = imp qt
        in2 | = sq in
        in3 | = cu in
        inch | 0.0254 m
        inches | = inch
        inches of mercury | = inHg
        inches of water | = inH2O
        inH2O | 25.4 mmH2O
        inHg | 25.4 mmHg
        inWC | = inH2O
        in² | = sq in
        in³ | = cu in
        item | = items
        items | * count | singular=item
        J | 1000 g*m^2/s^2 | si
        jigger | 3/2 fl oz
        jiggers | = jigger
        joule | = J
        joules | = J
        K | 1 ΔK | point=0 exact
        KB | ? kilobyte (kB), kibibyte (KiB)
        Kb | ? kilobit (kbit), kilobyte (kB) | exact
        kb | ? kilobit (kbit), kilobyte (kB)
        kbps | 1 kbit/s | exact
        kBtu | 1000 BTU
        kcal | 4184 J
        kelvin | = K
        kelvins | = K
        kg | 1000 g
        kgal | 1000 gal
        kgf | 9.80665 N
        kgh | = kg/h
        kgs | = kg
        Kib | ? kibibit (Kibit), kibibyte (KiB) | exact
        kilo | = kg
        kilocalorie | = kcal
        kilocalories | = kcal
        kilogram | = kg
        kilogram-force | = kgf
        kilogramme | = kg
        kilogrammes | = kg
        kilograms | = kg
        kilohm | = kΩ
        kilohms | = kΩ
        kilojoule | = kJ
        kilojoules | = kJ
        kilometer | = km
        kilometers | = km
        kilometre | = km
        kilometres | = km
        kilopascal | = kPa
        kilopascals | = kPa
        kilopond | = kp
        kilos | = kg
        kilowatt | = kW
        kilowatt hour | = kWh
        kilowatt hours | = kWh
        kilowatt-hour | = kWh
        kilowatt-hours | = kWh
        kilowatts | = kW
        kip | 1000 lbf
        kips | = kip
        kJ | 1000 J
        kl | = kL
        km | 1000 m
        km2 | = km²
        kmh | = km/h
        kmpl | 1 km/L
        km² | 1 km^2
        KN | ? kN (kilonewton), kn (knot)
        kn | 1 nmi/h
        knot | = kn
        knots | = kn
        kohm | = kΩ
        kp | = kgf
        kPa | 1000 Pa
        kPaa | 1 kPa | absolute
        kPag | 1 kPa | gauge
        kph | = km/h
        ksi | 1000 psi
        kW | 1000 W
        kWh | 3600000 J
        L | 1/1000 m^3 | si
        lb | 0.45359237 kg
        lbf | 0.45359237*9.80665 kg*m/s^2
        lbm | = lb
        lbs | = lb
        light year | 299792458*86400*365.25 m
        light years | = light year
        light-year | = light year
        light-years | = light year
        liter | = L
        liters | = L
        litre | = L
        litres | = L
        load | = loads
        loads | 1 items | singular=load
        long cwt | = long hundredweight
        long hundredweight | 112 lb
        long ton | 2240 lb
        long tons | = long ton
        lph | 1 L/h
        lpm | = l/min
        lps | = l/s
        lt | = L
        ltr | = L
        ly | = light year
        m | * length | si exact
        m2 | = m²
        m3 | 1 m^3
        Mb | ? megabit (Mbit), megabyte (MB) | exact
        MBH | 1000 BTU/h
        Mbps | 1 Mbit/s | exact
        MBtu | ? kBtu (thousand BTU), MMBtu (million BTU)
        mcg | = µg
        mechanical horsepower | = hp
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
        megohm | = MΩ
        megohms | = MΩ
        meter | = m
        meters | = m
        metre | = m
        metres | = m
        metric cup | 250 ml
        metric cups | = metric cup
        metric horsepower | = PS
        metric tablespoon | 15 ml
        metric teaspoon | 5 ml
        metric ton | = t
        metric tons | = t
        MG | 1000000 gal
        mg | 1/1000 g
        Mgal | = MG
        MGD | 1 MG/days
        mH2O | 1000 mmH2O
        mi | 1609.344 m
        mi2 | = sq mi
        Mib | ? mebibit (Mibit), mebibyte (MiB) | exact
        microliter | = µl
        microliters | = µl
        microlitre | = µl
        microlitres | = µl
        micromho | = µS
        micromhos | = µS
        micron | = µm
        microns | = µm
        microsiemens | = µS
        mil | 1/1000 inch
        mile | = mi
        miles | = mi
        milliamp | = mA
        milliamp hour | = mAh
        milliamp hours | = mAh
        milliamps | = mA
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
        mils | = mil
        min | 60 s
        minim | 1/480 fl oz
        minims | = minim
        mins | = min
        minute | = min
        minutes | = min
        MJ | 1000000 J
        ML | ? megalitre, millilitre (ml)
        ml | 1/1000 L
        MLD | 1000000 L/days
        mm | 1/1000 m
        mm Hg | = mmHg
        mm2 | = mm²
        MMBtu | 1000000 BTU
        mmH2O | 9.80665 Pa
        mmHg | 13.5951*9.80665 Pa
        mmol | 1/1000 mol
        mmWC | = mmH2O
        mm² | 1 mm^2
        mo | = months
        mol | * substance | si
        mole | = mol
        moles | = mol
        month | = months
        months | 365/12 days | singular=month
        MPa | 1000000 Pa
        mpg | 1 mi/gal
        mph | 1 mi/h
        ms | 1/1000 s
        msec | = ms
        msecs | = ms
        MW | 1000000 W
        MWh | 3600000000 J
        m² | 1 m^2
        m³ | = m3
        N | 1 kg*m/s^2 | si exact
        nautical mile | = nmi
        nautical miles | = nmi
        newton | = N
        newtons | = N
        nibble | 4 bit
        nibbles | = nibble
        nmi | 1852 m
        octet | 8 bit
        octets | = octet
        ohm | = Ω
        ohms | = Ω
        ounce | = oz
        ounces | = oz
        oz | 1/16 lb
        ozf | 1/16 lbf
        ozt | 480 gr
        Pa | 1000 g/m/s^2 | si
        pair | 2 items
        pairs | = pair
        parts per billion | = ppb
        parts per million | = ppm
        parts per thousand | = ‰
        parts per trillion | 1/1000000000000
        pascal | = Pa
        pascals | = Pa
        Pb | ? petabit (Pbit), petabyte (PB) | exact
        pc | = pcs
        pcs | 1 items | singular=pc
        peck | 1/4 bushel
        pecks | = peck
        pennyweight | 24 gr
        pennyweights | = pennyweight
        percent | = %
        permille | = ‰
        Pib | ? pebibit (Pibit), pebibyte (PiB) | exact
        piece | = pcs
        pieces | = pcs
        pint | = pt
        pints | = pt
        pod | = pods
        pods | 1 items | singular=pod
        pound | = lb
        pound-force | = lbf
        pounds | = lb
        ppb | 1/1000000000
        pph | = lb/h
        ppm | 1/1000000
        ppt | ? parts per thousand (‰), parts per trillion
        PS | 75 kgf*m/s
        psf | 1 lbf/ft^2
        psi | 0.45359237*9.80665/0.00064516 Pa
        psia | 1 psi | absolute
        psig | 1 psi | gauge
        pt | 1/8 gal
        qt | 1/4 gal
        quad | 1000000000000000 BTU
        quads | = quad
        quart | = qt
        quarts | = qt
        quintal | 100 kg
        quintals | = quintal
        rad | 180 ° | pi=-1
        radian | = rad
        radians | = rad
        rankine | = °R
        ream | 500 items
        reams | = ream
        rev | = turn
        revolution | = turn
        revolutions | = turn
        revs | = turn
        rod | 33/2 ft
        rods | = rod
        roll | = rolls
        rolls | 1 items | singular=roll
        RPM | = rpm
        rpm | 1/60 Hz | turns
        RT | = TR
        S | 1 A/V | si
        s | * time | si
        sec | = s
        second | = s
        seconds | = s
        secs | = s
        sheet | = sheets
        sheets | 1 items | singular=sheet
        short cwt | = short hundredweight
        short hundredweight | 100 lb
        short ton | 2000 lb
        short tons | = short ton
        siemens | = S
        slug | 1 lbf*s^2/ft
        slugs | = slug
        sq cm | = cm²
        sq ft | 1 ft^2
        sq in | 1 inch^2
        sq km | = km²
        sq m | = m²
        sq mi | 1 mi^2
        sq mm | = mm²
        sq yd | 1 yd^2
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
        square mile | = sq mi
        square miles | = sq mi
        square millimeter | = mm²
        square millimeters | = mm²
        square millimetre | = mm²
        square millimetres | = mm²
        square yard | = sq yd
        square yards | = sq yd
        st | 14 lb
        stere | 1 m^3
        steres | = stere
        stone | = st
        stones | = st
        t | 1000 kg | exact
        tab | = tabs
        tablespoon | = tbsp
        tablespoons | = tbsp
        tablet | = tabs
        tablets | = tabs
        tabs | 1 items | singular=tab
        Tb | ? terabit (Tbit), terabyte (TB) | exact
        tbsp | 1/2 fl oz
        teaspoon | = tsp
        teaspoons | = tsp
        therm | = us therm
        therms | = therm
        thm | = therm
        thou | = mil
        Tib | ? tebibit (Tibit), tebibyte (TiB) | exact
        tn | = short ton
        toe | 41.868 GJ
        ton | ? short ton, long ton, tonne, ton of refrigeration
        ton of refrigeration | = TR
        tonne | = t
        tonnes | = t
        tons | ? short tons, long tons, tonnes, tons of refrigeration
        tons of refrigeration | = TR
        Torr | 1/760 atm
        torr | = Torr
        tph | = t/h
        TR | 12000 BTU/h
        troy ounce | = ozt
        troy ounces | = ozt
        troy oz | = ozt
        tsp | 1/3 tbsp
        turn | 360 °
        turns | = turn
        uk fl oz | = imp fl oz
        uk floz | = imp fl oz
        uk fluid ounce | = imp fl oz
        uk fluid ounces | = imp fl oz
        uk gal | = imp gal
        uk gallon | = imp gal
        uk gallons | = imp gal
        uk gill | = imp gill
        uk mpg | = imp mpg
        uk pint | = imp pt
        uk pints | = imp pt
        uk pt | = imp pt
        uk qt | = imp qt
        uk quart | = imp qt
        uk quarts | = imp qt
        ul | = µl
        umho | = µS
        umhos | = µS
        us cup | = cups
        us cups | = cups
        us fl oz | = fl oz
        us floz | = fl oz
        us gal | = gal
        us gallon | = gal
        us gallons | = gal
        us mpg | = mpg
        us pint | = pt
        us pints | = pt
        us pt | = pt
        us qt | = qt
        us quart | = qt
        us quarts | = qt
        us tbsp | = tbsp
        us therm | 105480400 J
        us therms | = us therm
        us ton | = short ton
        us tons | = short ton
        us tsp | = tsp
        usgpm | = gpm
        V | 1 W/A | si exact
        VA | 1 W | si
        volt | = V
        volt-ampere | = VA
        volt-amperes | = VA
        volts | = V
        W | 1 J/s | si
        watt | = W
        watt hour | = Wh
        watt hours | = Wh
        watts | = W
        week | = weeks
        weeks | 7 days | singular=week
        Wh | 3600 J | si
        wk | = weeks
        wks | = weeks
        yard | = yd
        yards | = yd
        yd | 0.9144 m
        yd2 | = sq yd
        yd3 | = cu yd
        year | = years
        years | 365 days | singular=year
        yr | = years
        yrs | = years
        ° | * angle
        °C | 1 ΔK | point=273.15
        °Clark | 14.2538/100.0869 mmol/L
        °dH | 0.178325 mmol/L
        °e | = °Clark
        °F | 5/9 ΔK | point=459.67*5/9
        °fH | 0.0999132 mmol/L
        °gh | = °dH
        °R | 5/9 ΔK | point=0
        µl | 1/1000000 L
        µmho | = µS
        µmhos | = µS
        µS | 1/1000000 S
        Å | = angstrom
        ΔC | = Δ°C
        ΔdegC | = Δ°C
        ΔdegF | = Δ°F
        ΔF | = Δ°F
        ΔK | * temperature | difference
        Δ°C | 1 ΔK | difference
        Δ°F | 5/9 ΔK | difference
        Ω | 1 V/A | si
        δc | = Δ°C
        δdegc | = Δ°C
        δdegf | = Δ°F
        δf | = Δ°F
        δk | = ΔK
        δ°c | = Δ°C
        δ°f | = Δ°F
        μl | = µl
        μS | = µS
        ‰ | 1/1000
        """
}
