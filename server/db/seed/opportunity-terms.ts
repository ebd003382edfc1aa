// The Terms of Reference the seeded opportunities are written from (issue 32): assignments as the
// region's organizations advertise them (evaluations, public financial management, WASH, GBV,
// disaster risk reduction, health, education…), each a template with the place, the organization
// and the donor filled in. "{place}" is a province or city of the country, "{country}" the country
// as a sentence names it, "{office}" as a country office names it ("Viet Nam"), "{org}" the
// organization, "{donor}" the funder.

export type TermsTemplate = {
  title: string;
  /** The first is the assignment's field; a second one is asked for too when given. */
  specializations: string[];
  donors: string[];
  /** Whether the country's own language is required besides English. */
  localLanguage: boolean;
  minYears: number;
  duration: { unit: "days" | "months"; min: number; max: number };
  levelOfEffort: string;
  /** A daily-rate range in USD (the budget shown, sometimes hidden). */
  dailyRate: [number, number];
  /** Whether the work may be done from home. */
  remote: boolean;
  background: string;
  objectives: string[];
  scope: string[];
  deliverables: string[];
  qualifications: string[];
};

export const TERMS: TermsTemplate[] = [
  {
    title: "Final evaluation of the {project} project in {place}",
    specializations: ["Project Management", "Governance"],
    donors: ["European Union", "UNDP", "DFAT", "GIZ"],
    localLanguage: false,
    minYears: 10,
    duration: { unit: "days", min: 25, max: 40 },
    levelOfEffort: "30 working days over three months, including two weeks of field work",
    dailyRate: [450, 700],
    remote: false,
    background:
      "{org} has implemented the {project} project in {place}, {country}, since 2022 with funding from {donor}. The project ends next year and its financing agreement requires an independent final evaluation.",
    objectives: [
      "Assess the relevance, effectiveness, efficiency, impact and sustainability of the project (OECD-DAC criteria)",
      "Document lessons learned and good practices for the next phase",
      "Make practical recommendations to the project board and {donor}",
    ],
    scope: [
      "Desk review of the project document, results framework, progress reports and monitoring data",
      "Key informant interviews with government counterparts, partners and beneficiaries in {place}",
      "Focus group discussions in at least four communities, with women and men met separately",
      "A validation workshop with the project board",
    ],
    deliverables: [
      "Inception report with the evaluation matrix and data collection tools (week 2)",
      "Presentation of preliminary findings at the end of field work",
      "Draft evaluation report (week 8)",
      "Final evaluation report of no more than 40 pages, with an executive summary and a management response template",
    ],
    qualifications: [
      "Master's degree in development studies, public policy, economics or a related field",
      "At least 10 years of experience in programme evaluation, including three final evaluations of donor-funded projects",
      "Sound knowledge of mixed-methods evaluation and of the OECD-DAC criteria",
      "Experience in {country} or the region; excellent written English",
    ],
  },
  {
    title: "Mid-term review of the {project} programme, {office}",
    specializations: ["Project Management", "Gender & Social Inclusion"],
    donors: ["DFAT", "FCDO", "UNICEF", "USAID"],
    localLanguage: false,
    minYears: 8,
    duration: { unit: "days", min: 20, max: 35 },
    levelOfEffort: "25 working days between the inception and the final report",
    dailyRate: [400, 650],
    remote: false,
    background:
      "The {project} programme of {org} reached its mid-point in {country}. {donor} and the programme's steering committee asked for an independent review before the second half of the budget is committed.",
    objectives: [
      "Review progress against the results framework and the theory of change",
      "Assess whether the programme reaches the poorest households, women and people with disabilities",
      "Recommend adjustments to targets, budget and management arrangements",
    ],
    scope: [
      "Review of monitoring data, annual reports and financial reports",
      "Interviews with staff, implementing partners and provincial authorities",
      "Field visits to two provinces, including {place}",
    ],
    deliverables: [
      "Inception note with the review questions and methods",
      "Debriefing with the programme team",
      "Mid-term review report with an action plan for the remaining period",
    ],
    qualifications: [
      "Advanced degree in social sciences, development or evaluation",
      "At least 8 years of experience in monitoring and evaluation of development programmes",
      "Experience with gender equality, disability and social inclusion analysis",
      "Fluent English; knowledge of the region's languages an advantage",
    ],
  },
  {
    title: "PEFA assessment team leader, {office}",
    specializations: ["Finance", "Governance"],
    donors: ["World Bank", "European Union", "Asian Development Bank"],
    localLanguage: false,
    minYears: 15,
    duration: { unit: "months", min: 4, max: 6 },
    levelOfEffort: "60 working days, including two missions to the capital",
    dailyRate: [650, 900],
    remote: false,
    background:
      "The Ministry of Finance of {country} has requested a Public Expenditure and Financial Accountability (PEFA) assessment using the 2016 framework, with the gender-responsive and climate-responsive PFM modules. {org} manages the assessment on behalf of {donor}.",
    objectives: [
      "Lead a team of three in assessing all 31 PEFA indicators against the 2016 framework",
      "Apply the supplementary gender-responsive (GRPFM) and climate-responsive (PEFA Climate) frameworks",
      "Present the findings to the government and development partners and obtain the PEFA Check",
    ],
    scope: [
      "Concept note and agreement on the assessment's scope with the Ministry of Finance",
      "Collection of evidence for the last three completed fiscal years",
      "Meetings with the budget department, treasury, tax and customs administrations, the supreme audit institution and line ministries",
      "Drafting of the report and responses to the PEFA Secretariat's review",
    ],
    deliverables: [
      "Concept note approved by the oversight team",
      "Draft PEFA report with scores and narrative for each indicator",
      "Final report that receives the PEFA Check",
      "Summary presentation for the government's PFM reform committee",
    ],
    qualifications: [
      "Postgraduate degree in economics, public finance, accounting or public administration",
      "At least 15 years of experience in public financial management, including at least two PEFA assessments as team leader",
      "Knowledge of IPSAS, budget classification and treasury systems",
      "Certified PEFA training; experience in South-East Asia",
    ],
  },
  {
    title: "Public expenditure review of the health sector in {country}",
    specializations: ["Finance", "Healthcare"],
    donors: ["World Bank", "Global Fund", "WHO", "Gates Foundation"],
    localLanguage: false,
    minYears: 10,
    duration: { unit: "months", min: 3, max: 5 },
    levelOfEffort: "45 working days",
    dailyRate: [500, 750],
    remote: true,
    background:
      "Health spending in {country} has grown fast while out-of-pocket payments remain high. {org} is supporting the Ministry of Health and the Ministry of Finance in a public expenditure review to inform the next medium-term expenditure framework.",
    objectives: [
      "Analyse the level, composition and efficiency of public health spending over the last five years",
      "Assess the flow of funds to provinces and districts, including {place}",
      "Identify options to improve budget execution and the financing of primary health care",
    ],
    scope: [
      "Compile budget and expenditure data by level of government, programme and economic classification",
      "Review the national health accounts and the social health insurance's financial reports",
      "Interview budget officers at national and provincial level",
    ],
    deliverables: [
      "Data annex and methodology note",
      "Draft public expenditure review",
      "Policy brief of four pages for decision makers",
      "Final report and a presentation at the health financing working group",
    ],
    qualifications: [
      "Degree in health economics, public finance or economics",
      "At least 10 years of experience in health financing or public expenditure analysis",
      "Experience with national health accounts and budget data",
      "Excellent quantitative skills (Stata or R)",
    ],
  },
  {
    title: "Budget credibility and fiscal transparency adviser, {office}",
    specializations: ["Finance", "Governance"],
    donors: ["Asian Development Bank", "USAID", "FCDO"],
    localLanguage: true,
    minYears: 8,
    duration: { unit: "months", min: 6, max: 12 },
    levelOfEffort: "Full time, based in the Ministry of Finance",
    dailyRate: [350, 550],
    remote: false,
    background:
      "{org} supports the Ministry of Finance of {country} in publishing a citizens' budget and improving the credibility of the annual budget, as part of a programme financed by {donor}.",
    objectives: [
      "Support the budget department in producing in-year and year-end budget execution reports",
      "Help the ministry publish the eight key budget documents of the Open Budget Survey",
      "Train provincial finance departments in budget preparation",
    ],
    scope: [
      "Day-to-day advice to the budget department",
      "Design of report templates and a publication calendar",
      "Training sessions in the capital and in {place}",
    ],
    deliverables: [
      "Work plan within the first month",
      "Quarterly progress reports",
      "Citizens' budget published for the coming fiscal year",
      "Training materials and a completion report",
    ],
    qualifications: [
      "Degree in public finance, accounting or economics",
      "At least 8 years of experience in budget preparation or execution",
      "Fluency in the national language and in English",
      "Experience of working inside a government ministry",
    ],
  },
  {
    title: "Rural water supply and sanitation engineer, {place}",
    specializations: ["Infrastructure", "Healthcare"],
    donors: ["Asian Development Bank", "World Bank", "JICA", "KOICA"],
    localLanguage: true,
    minYears: 8,
    duration: { unit: "months", min: 6, max: 18 },
    levelOfEffort: "Intermittent, about 120 working days",
    dailyRate: [250, 450],
    remote: false,
    background:
      "Under a rural water supply and sanitation sector project financed by {donor}, {org} is building piped water schemes and school latrines in {place}, {country}.",
    objectives: [
      "Review the designs of gravity-fed and pumped water supply schemes",
      "Supervise construction quality and contractors' compliance with specifications",
      "Support the water user committees in operation and maintenance",
    ],
    scope: [
      "Feasibility studies and detailed designs for about 30 schemes",
      "Site supervision, measurement of works and certification of payments",
      "Water quality testing plans with the provincial health department",
    ],
    deliverables: [
      "Design review report",
      "Monthly construction supervision reports",
      "Operation and maintenance manuals for the water user committees",
      "Completion report with as-built drawings",
    ],
    qualifications: [
      "Degree in civil, water resources or environmental engineering",
      "At least 8 years of experience in rural water supply and sanitation",
      "Experience with ADB or World Bank procurement and safeguards",
      "Fluency in the national language; English for reporting",
    ],
  },
  {
    title: "WASH in schools baseline survey, {place}",
    specializations: ["Healthcare", "Education"],
    donors: ["UNICEF", "DFAT", "KOICA"],
    localLanguage: true,
    minYears: 5,
    duration: { unit: "days", min: 30, max: 50 },
    levelOfEffort: "40 working days over ten weeks",
    dailyRate: [200, 380],
    remote: false,
    background:
      "{org} and the provincial education department will improve water, sanitation and hygiene (WASH) in 200 primary schools of {place}. A baseline survey is needed before the works start.",
    objectives: [
      "Measure access to drinking water, sanitation and handwashing in the schools, using the JMP service ladders",
      "Assess menstrual hygiene management and the accessibility of facilities for children with disabilities",
      "Set the baseline values of the project's indicators",
    ],
    scope: [
      "Design a sample and a questionnaire (KoboToolbox) with the project team",
      "Recruit, train and supervise enumerators",
      "Collect data in a representative sample of schools; clean and analyse it",
    ],
    deliverables: [
      "Inception report with the sampling plan and tools",
      "Clean dataset and codebook",
      "Baseline report with the indicator values by district, and for girls and boys",
    ],
    qualifications: [
      "Degree in public health, WASH, statistics or social sciences",
      "At least 5 years of experience in household or school surveys",
      "Experience with the JMP WASH in schools indicators",
      "Fluency in the national language",
    ],
  },
  {
    title: "Gender-based violence prevention specialist, {office}",
    specializations: ["Gender & Social Inclusion", "Healthcare"],
    donors: ["UNFPA", "UN Women", "DFAT", "European Union"],
    localLanguage: false,
    minYears: 7,
    duration: { unit: "months", min: 6, max: 12 },
    levelOfEffort: "Full time, with travel to the provinces",
    dailyRate: [300, 500],
    remote: false,
    background:
      "{org} is scaling up the prevention of and response to gender-based violence (GBV) in {country} with funding from {donor}, including safe spaces for women and girls in {place}.",
    objectives: [
      "Strengthen the referral pathways between health, police, justice and social services",
      "Support community prevention programmes that address harmful social norms",
      "Build the capacity of service providers in survivor-centred care",
    ],
    scope: [
      "Mapping of GBV services and referral pathways in three provinces",
      "Adaptation of the Essential Services Package guidelines to the national context",
      "Training of health workers, police and social workers",
      "Quality assurance of case management, following GBVIMS standards",
    ],
    deliverables: [
      "Service mapping and gap analysis",
      "Standard operating procedures for referral",
      "Training curriculum and reports of at least six trainings",
      "End-of-assignment report with recommendations",
    ],
    qualifications: [
      "Master's degree in gender studies, social work, public health or law",
      "At least 7 years of experience in GBV prevention and response, including in humanitarian settings",
      "Knowledge of the IASC GBV guidelines and survivor-centred approaches",
      "Excellent English; a regional language is an advantage",
    ],
  },
  {
    title: "Gender and social inclusion assessment of the {project} project",
    specializations: ["Gender & Social Inclusion", "Agriculture"],
    donors: ["Asian Development Bank", "GIZ", "FAO"],
    localLanguage: false,
    minYears: 6,
    duration: { unit: "days", min: 20, max: 30 },
    levelOfEffort: "25 working days",
    dailyRate: [300, 500],
    remote: true,
    background:
      "The {project} project of {org} works with smallholder farmers in {place}, {country}. {donor} requires a gender and social inclusion action plan before the project's second phase.",
    objectives: [
      "Analyse the roles, constraints and opportunities of women, ethnic minorities and young people in the project's value chains",
      "Prepare a gender and social inclusion action plan with targets and indicators",
      "Train the project team in its use",
    ],
    scope: [
      "Desk review and gender analysis using the Harvard and Moser frameworks",
      "Interviews and group discussions in farming households",
      "Costing of the action plan's activities",
    ],
    deliverables: ["Gender and social inclusion analysis", "Action plan with a results framework", "Training workshop report"],
    qualifications: [
      "Degree in gender studies, rural development or social sciences",
      "At least 6 years of experience in gender analysis of agricultural or rural development projects",
      "Experience with ADB or IFAD gender action plans",
    ],
  },
  {
    title: "Community-based disaster risk reduction adviser, {place}",
    specializations: ["Environmental", "Governance"],
    donors: ["European Union", "JICA", "USAID", "UNDP"],
    localLanguage: true,
    minYears: 7,
    duration: { unit: "months", min: 6, max: 12 },
    levelOfEffort: "Full time, based in {place}",
    dailyRate: [250, 450],
    remote: false,
    background:
      "{place} is among the places of {country} most exposed to typhoons, floods and landslides. {org} supports villages and local governments in disaster risk reduction (DRR) and preparedness under a programme funded by {donor}.",
    objectives: [
      "Support 40 villages in participatory risk assessments and DRR plans",
      "Link village plans to the local governments' development and budget plans",
      "Strengthen community early warning and evacuation arrangements",
    ],
    scope: [
      "Facilitation of hazard, vulnerability and capacity assessments",
      "Training of village DRR committees, with attention to women, older people and people with disabilities",
      "Simulation exercises with the provincial disaster management office",
    ],
    deliverables: [
      "Village risk maps and DRR plans",
      "Quarterly progress reports",
      "Report on the simulation exercises and lessons learned",
    ],
    qualifications: [
      "Degree in disaster management, environmental science, geography or social sciences",
      "At least 7 years of experience in community-based DRR",
      "Knowledge of the Sendai Framework and the national DRR law",
      "Fluency in the national language",
    ],
  },
  {
    title: "Flood early warning system specialist, {office}",
    specializations: ["Environmental", "Technology"],
    donors: ["World Bank", "JICA", "KOICA", "UNDP"],
    localLanguage: false,
    minYears: 10,
    duration: { unit: "months", min: 4, max: 8 },
    levelOfEffort: "80 working days, intermittent",
    dailyRate: [500, 750],
    remote: false,
    background:
      "The national hydro-meteorological service of {country} is modernising its flood forecasting. {org} is assisting it with funding from {donor}, starting with the river basins around {place}.",
    objectives: [
      "Assess the current observation network, forecasting models and warning dissemination",
      "Design an impact-based flood early warning system for two pilot basins",
      "Build the capacity of forecasters and provincial disaster managers",
    ],
    scope: [
      "Review of hydrological and meteorological data and models",
      "Specifications for automatic stations and the data platform",
      "Standard operating procedures for warnings from the national to the village level",
    ],
    deliverables: [
      "Assessment report",
      "System design and cost estimates",
      "Standard operating procedures",
      "Training of 30 forecasters and officials",
    ],
    qualifications: [
      "Advanced degree in hydrology, meteorology or water resources engineering",
      "At least 10 years of experience in flood forecasting or early warning systems",
      "Experience with hydrological models (HEC-HMS, MIKE, or similar)",
    ],
  },
  {
    title: "Climate resilience team leader for {place}",
    specializations: ["Environmental", "Agriculture"],
    donors: ["Asian Development Bank", "European Union", "GIZ", "DFAT"],
    localLanguage: false,
    minYears: 15,
    duration: { unit: "months", min: 12, max: 36 },
    levelOfEffort: "Full time, resident in {country}",
    dailyRate: [600, 900],
    remote: false,
    background:
      "{org} implements a climate-resilient agriculture and livelihoods programme in {place}, {country}, financed by {donor}. The programme seeks a team leader for its technical assistance team.",
    objectives: [
      "Lead a team of eight national and international experts",
      "Ensure the quality and timeliness of the programme's outputs",
      "Represent the team with the government, {donor} and partners",
    ],
    scope: [
      "Preparation of annual work plans and budgets",
      "Oversight of climate vulnerability assessments and adaptation investments",
      "Monitoring, reporting and knowledge management",
    ],
    deliverables: ["Inception report within three months", "Semi-annual progress reports", "Completion report"],
    qualifications: [
      "Postgraduate degree in natural resource management, agriculture, environment or a related field",
      "At least 15 years of experience in climate change adaptation, including 5 as team leader of donor-funded projects",
      "Experience in South-East Asia",
      "Excellent leadership, communication and reporting skills in English",
    ],
  },
  {
    title: "Maternal and newborn health evaluation in {place}",
    specializations: ["Healthcare", "Gender & Social Inclusion"],
    donors: ["UNICEF", "UNFPA", "KOICA", "Gates Foundation"],
    localLanguage: false,
    minYears: 8,
    duration: { unit: "days", min: 30, max: 45 },
    levelOfEffort: "35 working days",
    dailyRate: [400, 650],
    remote: false,
    background:
      "Since 2021 {org} has supported the provincial health department of {place} in improving maternal and newborn health, with early essential newborn care and midwife training funded by {donor}.",
    objectives: [
      "Evaluate the programme's contribution to skilled birth attendance, early newborn care and postnatal visits",
      "Assess the quality of care in health facilities",
      "Recommend how the approach can be scaled up in other provinces",
    ],
    scope: [
      "Analysis of health information system data (DHIS2) for the last five years",
      "Facility assessments in a sample of hospitals and health centres",
      "Interviews with mothers, midwives and health managers",
    ],
    deliverables: ["Inception report", "Draft and final evaluation report", "Presentation to the provincial health department"],
    qualifications: [
      "Medical degree or master's degree in public health",
      "At least 8 years of experience in maternal and newborn health programmes and their evaluation",
      "Experience with DHIS2 data and health facility assessments",
    ],
  },
  {
    title: "Immunisation coverage survey, {office}",
    specializations: ["Healthcare", "Technology"],
    donors: ["WHO", "UNICEF", "Gates Foundation"],
    localLanguage: true,
    minYears: 6,
    duration: { unit: "months", min: 3, max: 4 },
    levelOfEffort: "60 working days",
    dailyRate: [300, 500],
    remote: false,
    background:
      "{org} and the national immunisation programme of {country} will measure vaccination coverage and zero-dose children after the catch-up campaigns.",
    objectives: [
      "Estimate coverage of routine vaccines at national and provincial level following the WHO coverage survey manual",
      "Identify the reasons why children are not vaccinated",
    ],
    scope: [
      "Sampling design and questionnaires on tablets",
      "Training and supervision of survey teams, including in {place}",
      "Analysis and dissemination",
    ],
    deliverables: ["Survey protocol", "Clean dataset", "Survey report and provincial fact sheets"],
    qualifications: [
      "Degree in epidemiology, statistics or public health",
      "At least 6 years of experience in household surveys, including one vaccination coverage survey",
      "Fluency in the national language",
    ],
  },
  {
    title: "Health information systems (DHIS2) adviser, {office}",
    specializations: ["Technology", "Healthcare"],
    donors: ["Global Fund", "USAID", "WHO"],
    localLanguage: false,
    minYears: 6,
    duration: { unit: "months", min: 6, max: 12 },
    levelOfEffort: "Full time",
    dailyRate: [350, 550],
    remote: true,
    background:
      "The Ministry of Health of {country} uses DHIS2 for routine health data. {org} supports the integration of disease programmes' data into it with {donor}'s funding.",
    objectives: [
      "Integrate the HIV, tuberculosis and malaria programmes' reporting into the national DHIS2",
      "Improve data quality and the use of dashboards by provincial managers",
    ],
    scope: [
      "Configuration of data sets, indicators and dashboards",
      "Interoperability with the laboratory and logistics information systems",
      "Training of data managers in {place} and other provinces",
    ],
    deliverables: ["Integration plan", "Configured DHIS2 modules", "Data quality review tool", "Training reports"],
    qualifications: [
      "Degree in information systems, public health or computer science",
      "At least 6 years of experience with DHIS2, with DHIS2 Academy certification",
      "Experience of working with ministries of health",
    ],
  },
  {
    title: "Learning assessment specialist for early grade reading, {office}",
    specializations: ["Education"],
    donors: ["USAID", "DFAT", "UNICEF", "World Bank"],
    localLanguage: true,
    minYears: 7,
    duration: { unit: "months", min: 4, max: 8 },
    levelOfEffort: "90 working days",
    dailyRate: [300, 500],
    remote: false,
    background:
      "The Ministry of Education of {country} wants to know how well children read in the early grades. {org} is supporting an early grade reading assessment (EGRA) in {place} and two other provinces.",
    objectives: [
      "Adapt EGRA instruments to the national language and curriculum",
      "Carry out the assessment in a representative sample of schools",
      "Build the ministry's capacity to run future assessments",
    ],
    scope: [
      "Instrument adaptation workshop and pilot",
      "Training of assessors, data collection on tablets, quality control",
      "Analysis by gender, language group and school type",
    ],
    deliverables: ["Adapted instruments", "Data collection report", "EGRA results report and policy brief"],
    qualifications: [
      "Degree in education, psychometrics or linguistics",
      "At least 7 years of experience in learning assessments",
      "Fluency in the national language",
    ],
  },
  {
    title: "Technical and vocational education (TVET) policy adviser, {office}",
    specializations: ["Education", "Governance"],
    donors: ["Asian Development Bank", "GIZ", "KOICA", "ILO"],
    localLanguage: false,
    minYears: 10,
    duration: { unit: "months", min: 6, max: 12 },
    levelOfEffort: "100 working days",
    dailyRate: [450, 700],
    remote: false,
    background:
      "{org} helps the government of {country} align technical and vocational education and training with the needs of employers, as part of a skills programme funded by {donor}.",
    objectives: [
      "Support the drafting of a national TVET strategy",
      "Design a competency-based qualifications framework with industry councils",
      "Advise on public-private partnerships for training centres",
    ],
    scope: [
      "Review of laws, policies and labour market information",
      "Consultations with employers, training providers and provincial authorities including {place}",
    ],
    deliverables: ["Situation analysis", "Draft TVET strategy and action plan", "Qualifications framework proposal"],
    qualifications: [
      "Advanced degree in education, economics or public policy",
      "At least 10 years of experience in TVET or skills development policy",
      "Experience in the ASEAN region",
    ],
  },
  {
    title: "Coffee and cocoa value chain specialist, {place}",
    specializations: ["Agriculture", "Finance"],
    donors: ["European Union", "USAID", "GIZ", "Asian Development Bank"],
    localLanguage: false,
    minYears: 8,
    duration: { unit: "months", min: 3, max: 6 },
    levelOfEffort: "60 working days",
    dailyRate: [350, 600],
    remote: false,
    background:
      "Smallholders in {place}, {country} grow coffee and cocoa but sell most of it unprocessed at low prices. {org} is designing a value chain programme with {donor}.",
    objectives: [
      "Analyse the coffee and cocoa value chains from farm to export",
      "Identify investments in quality, certification and processing that raise farmers' incomes",
      "Assess access to finance for cooperatives and small processors",
    ],
    scope: [
      "Value chain mapping and margin analysis",
      "Interviews with farmers' groups, traders, exporters and banks",
      "Review of EU deforestation regulation (EUDR) traceability requirements",
    ],
    deliverables: ["Value chain analysis", "Investment plan", "Validation workshop"],
    qualifications: [
      "Degree in agricultural economics, agribusiness or a related field",
      "At least 8 years of experience in agricultural value chains, preferably coffee or cocoa",
      "Experience with certification and traceability schemes",
    ],
  },
  {
    title: "Food security and nutrition analyst, {office}",
    specializations: ["Agriculture", "Healthcare"],
    donors: ["FAO", "European Union", "USAID"],
    localLanguage: false,
    minYears: 5,
    duration: { unit: "months", min: 3, max: 6 },
    levelOfEffort: "Full time",
    dailyRate: [250, 450],
    remote: true,
    background:
      "{org} monitors food security and nutrition in {country}, where prices and climate shocks hit poor households hard, particularly in {place}.",
    objectives: [
      "Analyse household food security data and market prices",
      "Contribute to the Integrated Food Security Phase Classification (IPC) analysis",
      "Prepare quarterly food security bulletins",
    ],
    scope: ["Secondary data review", "Analysis of survey data", "Support to the IPC technical working group"],
    deliverables: ["Quarterly bulletins", "IPC analysis inputs", "End-of-assignment report"],
    qualifications: [
      "Degree in nutrition, agricultural economics or statistics",
      "At least 5 years of experience in food security analysis",
      "IPC level 1 certification an advantage",
    ],
  },
  {
    title: "Environmental and social safeguards specialist, rural roads in {place}",
    specializations: ["Infrastructure", "Environmental"],
    donors: ["Asian Development Bank", "World Bank", "JICA"],
    localLanguage: true,
    minYears: 8,
    duration: { unit: "months", min: 12, max: 24 },
    levelOfEffort: "Intermittent, 150 working days",
    dailyRate: [300, 500],
    remote: false,
    background:
      "{org} is upgrading 300 km of rural roads in {place}, {country}, financed by {donor}. The project management unit needs a safeguards specialist.",
    objectives: [
      "Ensure compliance with the environmental and social framework and national law",
      "Oversee resettlement, compensation and grievance redress",
    ],
    scope: [
      "Review of environmental and social impact assessments and management plans",
      "Monitoring of contractors' environmental, health and safety performance",
      "Consultation with affected communities, including ethnic minorities",
    ],
    deliverables: ["Safeguards monitoring reports every six months", "Updated resettlement plans", "Training for contractors"],
    qualifications: [
      "Degree in environmental science, engineering or social sciences",
      "At least 8 years of experience with ADB or World Bank safeguards on infrastructure projects",
      "Fluency in the national language",
    ],
  },
  {
    title: "Mangrove restoration and blue carbon expert, {place}",
    specializations: ["Environmental"],
    donors: ["GIZ", "USAID", "European Union", "UNDP"],
    localLanguage: false,
    minYears: 8,
    duration: { unit: "days", min: 40, max: 60 },
    levelOfEffort: "50 working days",
    dailyRate: [400, 600],
    remote: false,
    background:
      "{org} works with coastal communities in {place}, {country} to restore mangroves that protect them from storms and store carbon.",
    objectives: [
      "Assess the restoration sites and recommend species and methods",
      "Estimate the carbon stocks and the potential for blue carbon finance",
      "Design community-based management arrangements",
    ],
    scope: ["Site surveys", "Carbon stock assessment", "Consultations with fishers and local government"],
    deliverables: ["Restoration plan", "Blue carbon feasibility note", "Community management guidelines"],
    qualifications: [
      "Advanced degree in forestry, marine science or environmental science",
      "At least 8 years of experience in mangrove or coastal ecosystem restoration",
      "Knowledge of carbon standards (Verra, Plan Vivo)",
    ],
  },
  {
    title: "Decentralisation and local governance adviser, {office}",
    specializations: ["Governance", "Finance"],
    donors: ["UNDP", "European Union", "GIZ", "Asian Development Bank"],
    localLanguage: false,
    minYears: 10,
    duration: { unit: "months", min: 6, max: 12 },
    levelOfEffort: "80 working days",
    dailyRate: [450, 700],
    remote: false,
    background:
      "{country} is transferring more responsibilities and funds to sub-national governments. {org} supports the Ministry of Home Affairs and provincial administrations, including {place}.",
    objectives: [
      "Review the fiscal transfer formula and own-source revenues of sub-national governments",
      "Support performance-based grants for districts",
      "Strengthen citizens' participation in local planning",
    ],
    scope: ["Policy analysis", "Design of grant mechanisms", "Pilot in two provinces"],
    deliverables: ["Policy options paper", "Grant manual", "Pilot review"],
    qualifications: [
      "Advanced degree in public administration, political science or economics",
      "At least 10 years of experience in decentralisation and local government finance",
    ],
  },
  {
    title: "Anti-corruption and integrity specialist, {office}",
    specializations: ["Governance"],
    donors: ["UNDP", "USAID", "FCDO", "European Union"],
    localLanguage: false,
    minYears: 8,
    duration: { unit: "months", min: 3, max: 6 },
    levelOfEffort: "50 working days",
    dailyRate: [400, 650],
    remote: true,
    background:
      "{org} supports {country}'s anti-corruption agency in its review under the UN Convention against Corruption (UNCAC) and in integrity risk assessments of public services.",
    objectives: [
      "Support the self-assessment under the UNCAC review mechanism",
      "Carry out corruption risk assessments in two public services",
    ],
    scope: ["Legal and institutional review", "Risk assessment workshops", "Drafting of recommendations"],
    deliverables: ["Self-assessment checklist inputs", "Two risk assessment reports", "Integrity action plans"],
    qualifications: [
      "Degree in law, public administration or political science",
      "At least 8 years of experience in anti-corruption or public sector integrity",
    ],
  },
  {
    title: "Microfinance and SME finance specialist, {office}",
    specializations: ["Finance"],
    donors: ["Asian Development Bank", "KOICA", "JICA", "World Bank"],
    localLanguage: false,
    minYears: 8,
    duration: { unit: "months", min: 4, max: 8 },
    levelOfEffort: "70 working days",
    dailyRate: [400, 650],
    remote: false,
    background:
      "Small businesses and women entrepreneurs in {country} struggle to borrow. {org} is preparing a credit line and technical assistance for financial institutions with {donor}.",
    objectives: [
      "Assess the demand for and supply of finance for micro, small and medium enterprises",
      "Assess partner financial institutions' capacity and risk management",
      "Design a credit line with a window for women-led businesses",
    ],
    scope: ["Market study", "Due diligence of financial institutions", "Design of the credit line"],
    deliverables: ["Market assessment", "Due diligence reports", "Credit line operating manual"],
    qualifications: [
      "Degree in finance, banking or economics",
      "At least 8 years of experience in microfinance or SME finance",
      "Experience with development finance institutions",
    ],
  },
  {
    title: "Digital public services specialist, {office}",
    specializations: ["Technology", "Governance"],
    donors: ["World Bank", "KOICA", "UNDP", "DFAT"],
    localLanguage: false,
    minYears: 7,
    duration: { unit: "months", min: 6, max: 12 },
    levelOfEffort: "Full time",
    dailyRate: [400, 650],
    remote: true,
    background:
      "The government of {country} is moving public services online. {org} supports the digital government agency in designing services around their users.",
    objectives: [
      "Map the most used public services and their users' journeys",
      "Design and test digital versions of three services",
      "Advise on interoperability and data protection",
    ],
    scope: ["User research, including in {place}", "Service design and prototypes", "Architecture review"],
    deliverables: ["Service maps", "Tested prototypes", "Roadmap for digital public services"],
    qualifications: [
      "Degree in computer science, design or public administration",
      "At least 7 years of experience in digital government or service design",
      "Knowledge of accessibility standards (WCAG) and data protection",
    ],
  },
  {
    title: "Procurement specialist for the project management unit, {place}",
    specializations: ["Project Management", "Infrastructure"],
    donors: ["Asian Development Bank", "World Bank"],
    localLanguage: true,
    minYears: 6,
    duration: { unit: "months", min: 12, max: 24 },
    levelOfEffort: "Full time, based in {place}",
    dailyRate: [200, 380],
    remote: false,
    background:
      "{org}'s project management unit in {place} implements an urban services project financed by {donor} and needs a procurement specialist.",
    objectives: [
      "Prepare and update the procurement plan",
      "Manage the procurement of works, goods and consulting services under {donor}'s rules",
    ],
    scope: ["Bidding documents and evaluation reports", "Contract management", "Training of the unit's staff"],
    deliverables: ["Updated procurement plan", "Monthly procurement reports"],
    qualifications: [
      "Degree in engineering, law, business or economics",
      "At least 6 years of experience in procurement under ADB or World Bank rules",
      "Fluency in the national language",
    ],
  },
  {
    title: "Monitoring, evaluation and learning officer, {office}",
    specializations: ["Project Management", "Technology"],
    donors: ["DFAT", "FCDO", "USAID", "UNICEF"],
    localLanguage: true,
    minYears: 4,
    duration: { unit: "months", min: 12, max: 24 },
    levelOfEffort: "Full time",
    dailyRate: [150, 300],
    remote: false,
    background:
      "{org} runs a multi-year programme in {country} and is strengthening its monitoring, evaluation and learning (MEL) system.",
    objectives: [
      "Maintain the programme's MEL framework and indicator tracking",
      "Support partners in data collection and quality assurance",
      "Organise learning events and reflection sessions",
    ],
    scope: ["Indicator tracking", "Data quality audits", "Learning events in {place} and the capital"],
    deliverables: ["MEL plan update", "Quarterly indicator reports", "Annual learning review"],
    qualifications: [
      "Degree in social sciences, statistics or development studies",
      "At least 4 years of experience in monitoring and evaluation",
      "Skills in KoboToolbox, Power BI or similar tools",
    ],
  },
];

/** Projects' names as their ToRs name them. */
export const PROJECT_NAMES = [
  "Sustainable Livelihoods",
  "Resilient Communities",
  "Strengthening Local Governance",
  "Inclusive Growth",
  "Healthy Mothers, Healthy Babies",
  "Clean Water for All",
  "Climate-Smart Villages",
  "Better Public Services",
  "Women's Economic Empowerment",
  "Skills for Jobs",
  "Safe Schools",
  "Green Mekong",
  "Coastal Resilience",
  "Accountable Budgets",
];

/** The national language a ToR may require, by country. */
export const NATIONAL_LANGUAGE: Record<string, string | undefined> = {
  Indonesia: "Indonesian",
  Thailand: "Thai",
  Vietnam: "Vietnamese",
  Philippines: "Filipino",
  Malaysia: "Malay",
  Myanmar: "Myanmar",
  Cambodia: "Khmer",
  Laos: "Lao",
  Brunei: "Malay",
  Singapore: undefined,
};
