import type { TemplateSummary, TemplateTask } from './templates.ts';

/**
 * The templates every owner starts with (issue 17): written as the trade writes them, with the
 * details a newcomer needs and a photo where a real job would ask for proof.
 *
 * They are constants, not rows: they ship with the code, are reviewed like code, and every owner
 * sees the same ones. An id is `builtin-` and a slug, and never changes; `revision` goes up when the
 * text changes. A checklist made from one copies the tasks as they are then, so a later revision
 * changes only checklists made after it. Own templates' ids are `template_` and random bits, so the
 * two never meet.
 */
export interface BuiltInTemplate {
  id: `builtin-${string}`;
  revision: number;
  name: string;
  tasks: readonly TemplateTask[];
}

const task = (description: string, details: string, photoRequired = false): TemplateTask => ({
  description,
  details,
  photoRequired,
});
const photo = (description: string, details: string) => task(description, details, true);

const SHORT_STAY_TURNOVER: BuiltInTemplate = {
  id: 'builtin-short-stay-turnover',
  revision: 1,
  name: 'Short-stay turnover',
  tasks: [
    photo(
      'Walk through and record damage or items left behind',
      'Before cleaning anything, go through every room. Photograph any damage (stains, breakages, marks on walls or furniture) close up and from a distance. Bag and label anything the guest left with the date and room, and note it in the remarks.',
    ),
    task(
      'Open windows and start laundry',
      'Air the rooms while you work. Strip all beds and collect used towels first so the first wash runs while you clean. Check duvets and pillows for stains; swap any that are marked.',
    ),
    photo(
      'Make every bed with fresh linen',
      'Check the mattress protector and change it if marked. Fitted sheet tight, duvet cover seams to the corners, matching pillowcases, pillows plumped. Throws and cushions as in the listing photos. Photo of each made bed.',
    ),
    photo(
      'Clean and disinfect bathrooms',
      'Toilet inside, under the rim, seat hinges and the base. Shower screen and taps descaled, no water marks. Hair out of every plughole. Mirror and chrome streak-free. Floor last, including behind the toilet. Photo of each bathroom.',
    ),
    task(
      'Lay out towels and bath mats',
      'One bath towel and one hand towel per booked guest, plus one bath mat per bathroom. Folded the house way. A towel with a stain or a pulled thread goes out of service.',
    ),
    task(
      'Restock toiletries and consumables',
      'Toilet paper (two rolls per toilet plus a spare), hand soap, shampoo, conditioner, shower gel. Kitchen: dishwasher tablets, washing-up liquid, a new sponge, bin liners, tea, coffee, sugar. Note anything running low for the next order.',
    ),
    photo(
      'Clean the kitchen and appliances',
      'Empty the fridge of guest food and wipe the shelves. Inside the microwave, oven and hob if used, kettle and coffee machine emptied and rinsed. Dishwasher emptied and its filter cleared. Worktops and sink last. Photo of the kitchen and the open fridge.',
    ),
    task(
      'Check crockery, cutlery and cookware',
      'Everything clean, dry and put away where the guide says. Count against the inventory and note breakages or missing items in the remarks.',
    ),
    task(
      'Empty every bin and take out rubbish and recycling',
      'Fresh liners in all bins, including bathrooms. Sort recycling by the local rules; do not leave bags at the door if collection is days away.',
    ),
    task(
      'Dust, vacuum and mop',
      'Dust surfaces, light switches, skirting boards and the tops of frames. Vacuum under beds and sofas and down the sofa cushions. Mop hard floors last, working towards the door.',
    ),
    task(
      'Check lights, appliances, Wi-Fi and remotes',
      'Every bulb works (replace what does not). TV and remotes work; batteries are fresh. The Wi-Fi card shows the current network and password, and the connection works.',
    ),
    task(
      'Test smoke and carbon monoxide alarms',
      'Press the test button on each alarm. Report one that does not sound at once; do not let the next guest in without working alarms.',
    ),
    task(
      'Tidy outdoor areas',
      'Balcony, patio or garden swept, furniture wiped, ashtrays emptied. Hot tub: cover on, water clear, chemicals at the levels in the house guide.',
    ),
    task(
      'Set heating, lights and blinds for arrival',
      'Heating to about 20 °C in cold weather, air conditioning off. Blinds half open, a lamp on if the guest arrives after dark.',
    ),
    photo(
      'Final presentation of living areas',
      'Cushions straight, guidebook and welcome pack out, nothing of yours left behind. Photo of the living room and entrance as the guest will see them.',
    ),
    photo(
      'Lock up and secure the keys',
      'Windows closed and locked, doors locked. Keys back in the lockbox or key safe and the code scrambled. Photo of the closed lockbox.',
    ),
  ],
};

const MOVE_OUT_INSPECTION: BuiltInTemplate = {
  id: 'builtin-move-out-inspection',
  revision: 1,
  name: 'Move-out inspection',
  tasks: [
    photo(
      'Record meter readings',
      'Electricity, gas and water. Photograph each meter so that the serial number and the reading can both be read. Note the readings in the remarks.',
    ),
    photo(
      'Collect and count keys, fobs and remotes',
      'Compare with the check-in inventory (front door, back door, windows, post box, garage, fobs). Lay them out together for the photo. Missing keys mean new locks: note which.',
    ),
    task(
      'Compare against the check-in report',
      'Have the check-in report and its photos open. Every finding below is judged against how the item was at check-in, not against new.',
    ),
    task(
      'Entrance, hallway and stairs',
      'Walls, doors, flooring, banisters and lights. Scuffs from normal living are wear and tear; gouges, holes and broken fittings are damage.',
    ),
    photo(
      'Living room: walls, ceiling, floor and fittings',
      'Photograph each wall from the opposite corner, then close-ups of any mark with a tape measure in view for scale. Check for picture-hook holes, sticky residue, burns and carpet stains.',
    ),
    photo(
      'Kitchen: units, worktops, sink and appliances',
      'Oven, hob and extractor filter clean to the check-in standard (the most common deduction). Fridge and freezer empty, clean, switched as agreed. Worktop burns or cuts, water damage under the sink, cupboard doors hanging true. Photo of the open oven.',
    ),
    photo(
      'Bathrooms: sanitaryware, sealant, tiles and fan',
      'Limescale, mould on silicone or grout, chips in the bath or basin, cracked tiles, the extractor fan running. Photo of each bathroom and of any defect.',
    ),
    photo(
      'Bedrooms: walls, carpets, windows and furniture',
      'Carpet stains and flattening from furniture, marks on walls, curtains and blinds complete and working. Furniture present and in the condition listed. One photo per room and one per defect.',
    ),
    task(
      'Windows, locks and window keys',
      'Every window opens, closes and locks; restrictors work; window keys are there. Note condensation damage or broken seals (misted double glazing).',
    ),
    task(
      'Smoke and carbon monoxide alarms',
      'Test each alarm and note its expiry date. A missing or dead alarm is reported to the landlord before anyone moves in.',
    ),
    task(
      'Heating and hot water',
      'Boiler pressure between 1 and 1.5 bar cold, radiators heat up, thermostat and programmer respond, hot water reaches the taps.',
    ),
    task(
      'Look for belongings and rubbish left behind',
      'Loft, cupboards, under the stairs, shed, garage and garden. Note what is left and where: clearing it may be charged to the tenant.',
    ),
    photo(
      'Garden, outbuildings, parking and bins',
      'Lawn cut and borders kept as at check-in, no rubbish, bins empty and back in their place. Photo from the back door and of the bins.',
    ),
    task(
      'Overall cleanliness',
      'Judge the whole property against the cleanliness recorded at check-in. If the tenancy asks for a professional clean, ask for the receipt.',
    ),
    task(
      'List damage beyond fair wear and tear',
      'For each item: the room, what is wrong, the line of the check-in report it differs from, the age of the item, and a fair estimate of the cost. Age and normal use are not damage.',
    ),
    task(
      "Record the tenant's forwarding address and sign off",
      'Forwarding address and phone for the deposit return. Note whether the tenant was present and whether they agree with the findings.',
    ),
  ],
};

const BOILER_SERVICE: BuiltInTemplate = {
  id: 'builtin-boiler-service',
  revision: 1,
  name: 'Boiler service',
  tasks: [
    photo(
      'Record the appliance and the reported faults',
      "Make, model, serial number, location and age from the data badge (photo of the badge). Ask the customer about faults, noises, pressure loss or error codes since the last service, and read the boiler's fault history if it keeps one.",
    ),
    photo(
      'Check the installation, ventilation and flue route',
      'Clearances around the boiler, compartment ventilation where needed, flue joints sealed and supported along the whole route, terminal clear of openings, obstructions and guards as required. Photo of the flue terminal.',
    ),
    task(
      'Gas tightness test and working pressure',
      'Tightness test at the meter before work starts; record the result. Working pressure at the meter and at the appliance inlet with the boiler at full rate; record both.',
    ),
    task(
      'Isolate, remove the case and inspect inside',
      'Isolate electrics and gas. Look for signs of spillage, overheating, water leaks and corrosion; check the condition of the case seal and the burner door seal.',
    ),
    task(
      'Clean the burner, heat exchanger and condensate trap',
      "Clean as the manufacturer's instructions say; clear and refill the condensate trap. Check the condensate pipe's fall, and its size and lagging where it runs outside (a frozen pipe stops the boiler).",
    ),
    task(
      'Check and set the electrodes',
      "Ignition and flame-sensing electrodes clean, undamaged and gapped to the manufacturer's figure. Replace worn ones and the gasket that goes with them.",
    ),
    task(
      'Replace seals and parts as needed, then reassemble',
      'New seals where the instructions require them once disturbed. Record every part replaced with its part number. Case refitted and sealed.',
    ),
    photo(
      'Flue gas analysis',
      "With a calibrated analyser: CO (ppm), CO2 (%) and the CO/CO2 ratio at maximum and minimum rate, and the flue integrity check. Compare with the manufacturer's limits. Photo of the analyser's printout or screen.",
    ),
    task(
      'Check the gas rate',
      'Measure the gas rate at the meter with the boiler at full rate and compare it with the data badge. Note a rate outside tolerance and why.',
    ),
    task(
      'Test the safety devices',
      'Flame failure shut-down, overheat protection, fan and air pressure switch, pressure relief valve discharge route.',
    ),
    task(
      'System pressure and expansion vessel',
      "Cold system pressure at 1 to 1.5 bar (or the manufacturer's figure). Expansion vessel pre-charge checked with the system drained down at the boiler. No weeping at the relief valve.",
    ),
    task(
      'Controls: thermostat, programmer, valves and hot water',
      'Room thermostat and programmer switch the boiler; TRVs turn; hot water reaches temperature; a cylinder thermostat, if fitted, switches.',
    ),
    task(
      'Carbon monoxide alarm',
      'A working CO alarm in the room with the boiler, and in rooms with other fuel-burning appliances. Test it and note its expiry date.',
    ),
    photo(
      'Run heating and hot water and check for leaks',
      'Run both to temperature. No leaks at the boiler, valves or visible pipework. Photo of the finished boiler with its case on and the pressure gauge readable.',
    ),
    photo(
      'Complete the service record and advise the customer',
      "Fill in the service record (the boiler's logbook page) with the readings above. Any unsafe situation is handled by the gas safety rules where you work: explained, labelled, recorded. Photo of the completed record.",
    ),
  ],
};

const SITE_SAFETY_WALK: BuiltInTemplate = {
  id: 'builtin-site-safety-walk',
  revision: 1,
  name: 'Site safety walk',
  tasks: [
    task(
      'Site access, security and signage',
      'Perimeter fencing or hoarding complete, gates lock, site rules and PPE signs at the entrance. Everyone on site has signed in, visitors included.',
    ),
    task(
      'PPE worn by everyone',
      'Hard hat, hi-vis and safety boots as a minimum; eye, hearing, hand and respiratory protection where the task calls for it. Stop anyone working without it.',
    ),
    photo(
      'Housekeeping: access routes and materials',
      'Walkways and stairs clear, materials stacked stable and away from edges, no protruding nails, trailing leads kept off routes, skips not overfilled. Photo of the main access route.',
    ),
    photo(
      'Scaffolding: inspection tag and condition',
      'Tag shows an inspection within the last 7 days. Full boarding, guardrails and toe boards, ties in place, base plates on sole boards, no unauthorised changes. Photo of the tag.',
    ),
    photo(
      'Work at height: edges, openings and ladders',
      'Edge protection on every open edge, openings covered, fixed and marked. Ladders only for short work, footed or tied. Harnesses clipped on in MEWPs. Photo of any edge or opening being worked near.',
    ),
    task(
      'Excavations',
      'Sides supported or battered back, barriers around, a safe way in and out, spoil and plant kept back from the edge, buried services located before digging, inspection recorded.',
    ),
    task(
      'Electrical: temporary supplies and tools',
      'Reduced-voltage or RCD-protected supplies, tools and leads inspected and tagged, cables protected or run overhead, distribution boards closed.',
    ),
    task(
      'Plant and vehicles',
      'Operators trained and authorised, daily checks done and signed, reversing aids working, banksman where needed, pedestrians kept apart from moving plant.',
    ),
    task(
      'Lifting operations',
      'A lift plan for each lift, lifting equipment and accessories thoroughly examined and in date, exclusion zone kept during lifts.',
    ),
    photo(
      'Fire safety and hot works',
      'Fire points stocked and in date, escape routes clear and signed, flammables stored away from ignition. Hot works only under a permit, with a fire watch after. Photo of the nearest fire point.',
    ),
    task(
      'Hazardous substances and dust',
      'Substances stored, labelled and assessed, data sheets to hand. Dust from cutting controlled with water or extraction, and masks face-fit tested.',
    ),
    task(
      'Welfare facilities',
      'Toilets clean, hot and cold water, soap and drying, drinking water, a warm place to eat and to dry clothes.',
    ),
    task(
      'First aid and emergency arrangements',
      'First aid kit stocked, first aiders named on the notice board, emergency numbers and the site address posted, accident book in place.',
    ),
    task(
      'Protection of the public',
      'Nothing overhangs the boundary, pedestrian diversions safe and signed, the site made safe and secure for out of hours.',
    ),
    photo(
      'Record hazards found and the actions agreed',
      'For each hazard: where, a photo, what must be done, who does it, by when. Stop work at once where the risk is immediate, and say so here.',
    ),
  ],
};

/** In the order the 'New from template' list shows them. */
export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  SHORT_STAY_TURNOVER,
  MOVE_OUT_INSPECTION,
  BOILER_SERVICE,
  SITE_SAFETY_WALK,
];

export function isBuiltInTemplateId(id: string): boolean {
  return id.startsWith('builtin-');
}

export function builtInTemplate(id: string): BuiltInTemplate | undefined {
  return BUILT_IN_TEMPLATES.find((template) => template.id === id);
}

export function summarizeBuiltIn(template: BuiltInTemplate): TemplateSummary {
  return { id: template.id, name: template.name, taskCount: template.tasks.length, builtIn: true };
}
